import { Type, type Static } from '@feathersjs/typebox'
import { errorDataOf } from '../errors/data'
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
 * How long a step-up holds (seconds): the password and the second factor proved within this time open the sensitive
 * changes for the session that proved them (GitHub's "sudo mode").
 */
export const STEP_UP_SECONDS = 5 * 60

/** The refusal of a sensitive change without a live step-up; the web and CLI answer it by asking for the proof. */
export const STEP_UP_REQUIRED = 'security:errors.stepUpRequired'

/** Whether a refusal asks for the step-up (the password and second factor again) before the change is retried. */
export function needsStepUp(error: unknown): boolean {
  return errorDataOf(error)?.key === STEP_UP_REQUIRED
}

/** A passkey's answer (the browser's RegistrationResponseJSON or AuthenticationResponseJSON), checked by WebAuthn. */
const webAuthnAnswer = Type.Object({ id: passkeyId, rawId: passkeyId, type: Type.String({ maxLength: 32 }) }, { additionalProperties: true })

/**
 * One change of the user's own sign-in methods. Setting up or removing the authenticator app, new recovery codes,
 * adding or removing a passkey and changing the password need a live step-up of the caller's session: `stepUp` with
 * the password and, when the account has a second factor, a code (authenticator or recovery) or a passkey's
 * assertion (its options from `stepUpBegin`).
 */
export const accountSecurityDataSchema = Type.Union(
  [
    Type.Object({ action: Type.Literal('stepUpBegin') }, { additionalProperties: false }),
    Type.Object(
      { action: Type.Literal('stepUp'), password, code: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })), assertion: Type.Optional(webAuthnAnswer) },
      { additionalProperties: false },
    ),
    Type.Object({ action: Type.Literal('totpBegin') }, { additionalProperties: false }),
    Type.Object({ action: Type.Literal('totpConfirm'), code: Type.String({ minLength: 1, maxLength: 16 }) }, { additionalProperties: false }),
    Type.Object({ action: Type.Literal('totpRemove') }, { additionalProperties: false }),
    Type.Object({ action: Type.Literal('recoveryCodes') }, { additionalProperties: false }),
    Type.Object({ action: Type.Literal('passkeyBegin') }, { additionalProperties: false }),
    Type.Object({ action: Type.Literal('passkeyFinish'), name: passkeyName, response: webAuthnAnswer }, { additionalProperties: false }),
    Type.Object({ action: Type.Literal('passkeyRename'), id: passkeyId, name: passkeyName }, { additionalProperties: false }),
    Type.Object({ action: Type.Literal('passkeyRemove'), id: passkeyId }, { additionalProperties: false }),
    Type.Object(
      { action: Type.Literal('passwordChange'), newPassword: Type.String({ maxLength: 1024 }), repeat: Type.String({ maxLength: 1024 }) },
      { additionalProperties: false },
    ),
  ],
  { $id: 'AccountSecurityData' },
)

/** The changes that need a live step-up. */
export const STEP_UP_ACTIONS = ['totpBegin', 'totpConfirm', 'totpRemove', 'recoveryCodes', 'passkeyBegin', 'passkeyFinish', 'passkeyRemove', 'passwordChange'] as const

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
  /** stepUpBegin: the browser's PublicKeyCredentialRequestOptionsJSON for one of the user's passkeys. */
  authentication?: Record<string, unknown>
  /** stepUp: until when the proof holds for this session (ISO time). */
  stepUpUntil?: string
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
