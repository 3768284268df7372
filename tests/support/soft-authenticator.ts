import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'

// A software WebAuthn authenticator for integration tests (the e2e uses Chromium's virtual one): P-256 keys,
// attestation "none", answers the JSON the browser's WebAuthn API would give the portal.

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>

function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value])
  if (value < 256) return Buffer.from([(major << 5) | 24, value])
  if (value < 65536) return Buffer.from([(major << 5) | 25, value >> 8, value & 0xff])
  const out = Buffer.alloc(5)
  out[0] = (major << 5) | 26
  out.writeUInt32BE(value, 1)
  return out
}

/** The few CBOR types attestation needs: integers, byte and text strings, maps. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)])
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)])
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])])
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest()

function counterBytes(counter: number): Buffer {
  const out = Buffer.alloc(4)
  out.writeUInt32BE(counter)
  return out
}

interface Credential {
  privateKey: KeyObject
  counter: number
  userHandle: string | undefined
}

/** A registration answer (RegistrationResponseJSON). */
export interface SoftRegistration {
  id: string
  rawId: string
  type: 'public-key'
  response: { clientDataJSON: string; attestationObject: string; transports: string[] }
  clientExtensionResults: Record<string, never>
}

/** An assertion (AuthenticationResponseJSON). */
export interface SoftAssertion {
  id: string
  rawId: string
  type: 'public-key'
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string }
  clientExtensionResults: Record<string, never>
}

/** One authenticator with its credentials, for one origin. */
export class SoftAuthenticator {
  readonly credentials = new Map<string, Credential>()
  private readonly rpId: string

  constructor(private readonly origin: string) {
    this.rpId = new URL(origin).hostname
  }

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }))
  }

  /** Answers creation options (PublicKeyCredentialCreationOptionsJSON) with a new credential. */
  register(options: { challenge: string; user?: { id?: string } }): SoftRegistration {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const jwk = publicKey.export({ format: 'jwk' })
    const cose = cbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(String(jwk.x), 'base64url')],
        [-3, Buffer.from(String(jwk.y), 'base64url')],
      ]),
    )
    const id = randomBytes(16)
    const length = Buffer.from([id.length >> 8, id.length & 0xff])
    // Flags: user present, user verified, attested credential data.
    const authData = Buffer.concat([sha256(this.rpId), Buffer.from([0x45]), counterBytes(0), Buffer.alloc(16), length, id, cose])
    const attestation = cbor(new Map<string, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]))
    this.credentials.set(b64(id), { privateKey, counter: 0, userHandle: options.user?.id })
    return {
      id: b64(id),
      rawId: b64(id),
      type: 'public-key',
      response: { clientDataJSON: b64(this.clientData('webauthn.create', options.challenge)), attestationObject: b64(attestation), transports: ['internal'] },
      clientExtensionResults: {},
    }
  }

  /** Answers request options (PublicKeyCredentialRequestOptionsJSON) with the given or the first credential. */
  assert(options: { challenge: string }, credentialId?: string): SoftAssertion {
    const id = credentialId ?? [...this.credentials.keys()][0]
    const credential = this.credentials.get(id)
    if (!credential) throw new Error('no such credential')
    credential.counter += 1
    const authData = Buffer.concat([sha256(this.rpId), Buffer.from([0x05]), counterBytes(credential.counter)])
    const clientData = this.clientData('webauthn.get', options.challenge)
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), credential.privateKey)
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: { clientDataJSON: b64(clientData), authenticatorData: b64(authData), signature: b64(signature), userHandle: credential.userHandle },
      clientExtensionResults: {},
    }
  }
}
