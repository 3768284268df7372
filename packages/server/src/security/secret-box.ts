import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

const KEY_FILE = 'secrets.key'
const keys = new Map<string, Promise<Buffer>>()

async function readOrCreateKey(dataDir: string): Promise<Buffer> {
  const path = join(dataDir, KEY_FILE)
  try {
    return Buffer.from((await readFile(path, 'utf8')).trim(), 'base64')
  } catch {
    await mkdir(dataDir, { recursive: true })
    const key = randomBytes(32)
    // 'wx': of two processes starting together only one writes; the other reads what it wrote.
    try {
      await writeFile(path, key.toString('base64'), { flag: 'wx', mode: 0o600 })
      await chmod(path, 0o600)
      return key
    } catch {
      return Buffer.from((await readFile(path, 'utf8')).trim(), 'base64')
    }
  }
}

/**
 * The key that encrypts secrets at rest (authenticator secrets): `<DATA_DIR>/secrets.key`, made on first use. It
 * lives beside the database, not in it, so a copy of the database alone does not reveal the secrets.
 */
export function secretsKey(dataDir: string): Promise<Buffer> {
  let key = keys.get(dataDir)
  if (!key) {
    key = readOrCreateKey(dataDir)
    keys.set(dataDir, key)
  }
  return key
}

/** Uses the operator's key (SECRETS_KEY) for this data directory instead of `<DATA_DIR>/secrets.key`. */
export function useSecretsKey(dataDir: string, key: Buffer): void {
  keys.set(dataDir, Promise.resolve(key))
}

/** Encrypts with AES-256-GCM: `iv.tag.ciphertext`, each base64url. */
export async function sealSecret(dataDir: string, plain: string): Promise<string> {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', await secretsKey(dataDir), iv)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.')
}

/** Decrypts what sealSecret made; throws when it was changed or sealed with another key. */
export async function openSecret(dataDir: string, sealed: string): Promise<string> {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'))
  const decipher = createDecipheriv('aes-256-gcm', await secretsKey(dataDir), iv)
  decipher.setAuthTag(tag)
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
}
