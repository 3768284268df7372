import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval'
import type { CaptureEntry } from '@portal/sdk/state'

/**
 * Where the phone keeps its captures until the firm has them (docs/mobile.md): the entries in one IndexedDB store,
 * each PDF encrypted with AES-GCM under a key WebCrypto made non-extractable (kept as a CryptoKey in IndexedDB, so
 * no script, extension or copy of the profile's files reads the key's bytes; the PDFs on disk are ciphertext). A
 * file is removed as soon as the firm has it.
 */
export interface CaptureStore {
  list(): Promise<CaptureEntry[]>
  save(entry: CaptureEntry): Promise<void>
  remove(id: string): Promise<void>
  putFile(id: string, bytes: Uint8Array<ArrayBuffer>): Promise<void>
  readFile(id: string): Promise<Uint8Array<ArrayBuffer> | undefined>
  removeFile(id: string): Promise<void>
}

const KEY_ID = 'key'

interface SealedFile {
  iv: Uint8Array<ArrayBuffer>
  data: ArrayBuffer
}

let stores: { entries: UseStore; files: UseStore } | undefined
const opened = () => (stores ??= { entries: createStore('portal-captures', 'entries'), files: createStore('portal-capture-files', 'files') })

let keyPromise: Promise<CryptoKey> | undefined

/** The device's capture key: made once, never extractable. */
function captureKey(): Promise<CryptoKey> {
  keyPromise ??= (async () => {
    const { files } = opened()
    const existing = await get<CryptoKey>(KEY_ID, files)
    if (existing) return existing
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
    await set(KEY_ID, key, files)
    return key
  })()
  keyPromise.catch(() => (keyPromise = undefined))
  return keyPromise
}

/** The browser's capture store (IndexedDB). */
export const captureStore: CaptureStore = {
  async list() {
    const all = await entries<string, CaptureEntry>(opened().entries)
    return all.map(([, entry]) => entry)
  },
  save: (entry) => set(entry.id, entry, opened().entries),
  remove: (id) => del(id, opened().entries),
  async putFile(id, bytes) {
    const iv = crypto.getRandomValues(new Uint8Array(12))
    const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await captureKey(), bytes)
    await set(`file:${id}`, { iv, data } satisfies SealedFile, opened().files)
  },
  async readFile(id) {
    const sealed = await get<SealedFile>(`file:${id}`, opened().files)
    if (!sealed) return undefined
    return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv }, await captureKey(), sealed.data))
  },
  removeFile: (id) => del(`file:${id}`, opened().files),
}
