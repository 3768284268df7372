import { Type, type Static } from '@feathersjs/typebox'
import type { Creates, Finds, Removes } from './common'
import { defineService, sessionRule } from './descriptor'
import { PERMISSIONS } from '../domain/permissions'

/** Path of the signed-in user's own sign-in methods: authenticator app, recovery codes, passkeys, password. */
export const accountSecurityPath = 'account-security'

/** Methods of account-security: find (the state), create (one change, named by `action`). */
export const accountSecurityMethods = ['find', 'create'] as const

/** account-security.find takes no query. */
export const accountSecurityQuerySchema = Type.Object({}, { $id: 'AccountSecurityQuery', additionalProperties: false })

const password = Type.String({ minLength: 1, maxLength: 1024 })
const passkeyName = Type.String({ minLength: 1, maxLength: 64 })
const passkeyId = Type.String({ minLength: 1, maxLength: 1024 })

/**
 * One change of the user's own sign-in methods. Removing a factor and new recovery codes ask for the password again
 * (re-authentication); so does changing the password.
 */
export const accountSecurityDataSchema = Type.Union(
  [
    Type.Object({ action: Type.Literal('totpBegin') }, { additionalProperties: false }),
    Type.Object({ action: Type.Literal('totpConfirm'), code: Type.String({ minLength: 1, maxLength: 16 }) }, { additionalProperties: false }),
    Type.Object({ action: Type.Literal('totpRemove'), password }, { additionalProperties: false }),
    Type.Object({ action: Type.Literal('recoveryCodes'), password }, { additionalProperties: false }),
    Type.Object({ action: Type.Literal('passkeyBegin') }, { additionalProperties: false }),
    Type.Object(
      {
        action: Type.Literal('passkeyFinish'),
        name: passkeyName,
        // The browser's RegistrationResponseJSON; checked by the WebAuthn verification, not field by field here.
        response: Type.Object({ id: passkeyId, rawId: passkeyId, type: Type.String({ maxLength: 32 }) }, { additionalProperties: true }),
      },
      { additionalProperties: false },
    ),
    Type.Object({ action: Type.Literal('passkeyRename'), id: passkeyId, name: passkeyName }, { additionalProperties: false }),
    Type.Object({ action: Type.Literal('passkeyRemove'), id: passkeyId, password }, { additionalProperties: false }),
    Type.Object(
      { action: Type.Literal('passwordChange'), currentPassword: password, newPassword: Type.String({ maxLength: 1024 }), repeat: Type.String({ maxLength: 1024 }) },
      { additionalProperties: false },
    ),
  ],
  { $id: 'AccountSecurityData' },
)

/** Data of account-security.create. */
export type AccountSecurityData = Static<typeof accountSecurityDataSchema>

/** A registered passkey or security key as its owner sees it (never its key). */
export interface PasskeyInfo {
  id: string
  name: string
  createdAt: string
  lastUsedAt: string | null
  transports: string[]
}

/** The user's own data as the firm keeps it (read-only on the account page; only the language is the user's). */
export interface AccountProfile {
  phone: string | null
  /** The tax firm's name. */
  firm: string | null
  /** The client companies the user may see, by number. */
  clients: { companyNo: number; name: string }[]
}

/** The user's sign-in methods, with their own data for the account page. */
export interface AccountSecurityState {
  profile: AccountProfile
  /** Sign-in belongs to an external identity provider: passwords and factors are managed there. */
  external: boolean
  totp: { enabled: boolean; recoveryCodesLeft: number }
  passkeys: PasskeyInfo[]
  /** The firm's policy asks a second factor of this user. */
  required: boolean
}

/** The answer of a change: the state after it, plus what that change hands out once. */
export interface AccountSecurityResult extends AccountSecurityState {
  /** totpBegin: the secret to scan (QR as SVG) or type. */
  totpSetup?: { secret: string; uri: string; qrSvg: string }
  /** totpConfirm, recoveryCodes: ten codes, shown once. */
  recoveryCodes?: string[]
  /** passkeyBegin: the browser's PublicKeyCredentialCreationOptionsJSON. */
  registration?: Record<string, unknown>
}

/** Typed client view of account-security. */
export type AccountSecurityClientService = Finds<Static<typeof accountSecurityQuerySchema>, AccountSecurityState> &
  Creates<AccountSecurityResult, AccountSecurityData>

/** Own data only: every signed-in user, about themselves; no events (the answer carries the state). */
export const accountSecurityDescriptor = defineService<AccountSecurityClientService>()({
  path: accountSecurityPath,
  methods: accountSecurityMethods,
  schemas: { query: accountSecurityQuerySchema, data: accountSecurityDataSchema },
  abilities: { find: sessionRule(), create: sessionRule() },
  events: 'none',
})

/** Path of the user's own device activity. */
export const accountSessionsPath = 'account-sessions'

/** Methods of account-sessions. */
export const accountSessionsMethods = ['find', 'remove'] as const

/** account-sessions.remove with this id logs out every device but the caller's. */
export const OTHER_SESSIONS = 'others'

/** One signed-in device: a sign-in of a browser or of the CLI. */
export interface DeviceSession {
  /** The sign-in's grant id. */
  id: string
  kind: 'browser' | 'cli'
  userAgent: string | null
  ip: string | null
  firstSeen: string
  lastSeen: string
  current: boolean
}

/** What a logout ended. */
export interface SessionsEnded {
  ended: number
}

/** Typed client view of account-sessions. */
export type AccountSessionsClientService = Finds<Static<typeof accountSecurityQuerySchema>, DeviceSession[]> & Removes<SessionsEnded>

/** Own data only. */
export const accountSessionsDescriptor = defineService<AccountSessionsClientService>()({
  path: accountSessionsPath,
  methods: accountSessionsMethods,
  schemas: { query: accountSecurityQuerySchema },
  abilities: { find: sessionRule(), remove: sessionRule() },
  events: 'none',
})

/** Path of the firm's second-factor policy. */
export const secondFactorPolicyPath = 'second-factor-policy'

/** Methods of second-factor-policy: find (the policy), create (replace it). */
export const secondFactorPolicyMethods = ['find', 'create'] as const

/** Who must use a second factor: everyone ('all') and/or holders of these permissions. */
export const secondFactorPolicySchema = Type.Object(
  {
    scopes: Type.Array(Type.Union([Type.Literal('all'), ...PERMISSIONS.map((code) => Type.Literal(code))]), { uniqueItems: true, maxItems: PERMISSIONS.length + 1 }),
  },
  { $id: 'SecondFactorPolicy', additionalProperties: false },
)

/** The firm's second-factor policy. */
export type SecondFactorPolicy = Static<typeof secondFactorPolicySchema>

/** Typed client view of second-factor-policy. */
export type SecondFactorPolicyClientService = Finds<Static<typeof accountSecurityQuerySchema>, SecondFactorPolicy> &
  Creates<SecondFactorPolicy, SecondFactorPolicy>

/** Administrators (adm) and user managers (kca) read and set it; the change is audited. */
export const secondFactorPolicyDescriptor = defineService<SecondFactorPolicyClientService>()({
  path: secondFactorPolicyPath,
  methods: secondFactorPolicyMethods,
  schemas: { query: accountSecurityQuerySchema, data: secondFactorPolicySchema },
  abilities: { find: sessionRule(['adm', 'kca']), create: sessionRule(['adm', 'kca']) },
  events: 'none',
})
