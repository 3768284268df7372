import type { Knex } from 'knex'
import { createError } from '@portal/sdk/errors'
import type { AccountProfile, AccountSecurityState, AuditVerb, SessionUser } from '@portal/sdk/services'
import { appendAudit } from '../../models/audit-log'
import { listPasskeys, loadPolicy, loadTotp, policyRequires, recoveryCodesLeft } from '../../models/account-security'
import { verifyPassword } from '../../oidc/passwords'
import { throttledStep, type StepRefusal } from '../../oidc/second-factor-step'

/** The signed-in user's own account as the security commands need it. */
export interface OwnAccount {
  id: string
  keycloakId: string
  email: string
  name: string
  passwordHash: string | null
  phone: string | null
  permissions: readonly string[]
  /** The client companies the session may see. */
  clientNos: readonly number[]
}

/** The caller's own account; a session without a portal user is refused. */
export async function ownAccount(db: Knex, user: SessionUser): Promise<OwnAccount> {
  const row = (await db('users').where({ keycloak_id: user.keycloakId }).first('id', 'email', 'first_name', 'last_name', 'password_hash', 'tel_nr')) as
    | { id: string; email: string; first_name: string; last_name: string; password_hash: string | null; tel_nr: string | null }
    | undefined
  if (!row) throw createError('Forbidden', 'errors:type.Forbidden')
  return {
    id: String(row.id),
    keycloakId: user.keycloakId,
    email: row.email,
    name: `${row.first_name} ${row.last_name}`.trim() || row.email,
    passwordHash: row.password_hash,
    phone: row.tel_nr,
    permissions: user.permissions_array,
    clientNos: user.klienten_array,
  }
}

/** A refusal naming the field and the rule (security:errors.*). */
export function refuse(rule: string, field: string, params: Record<string, string | number> = {}) {
  return createError('BadRequest', `security:errors.${rule}`, { ...params, field })
}

/** A throttled check's refusal: the rule for a wrong value, or the wait of the brute-force protection. */
export function refusalOf(refusal: StepRefusal, rule: string, field: string) {
  if (refusal.reason === 'invalidCode') return refuse(rule, field)
  const seconds = refusal.reason === 'wait' ? refusal.seconds : refusal.minutes * 60
  return createError('TooManyRequests', 'security:errors.tooManyAttempts', { seconds, field })
}

/**
 * Re-authentication: the account's password again, under the sign-in's brute-force protection (a wrong one counts
 * like a failed sign-in). Refuses with `wrongPassword` on `field`.
 */
export async function reauthenticate(db: Knex, account: OwnAccount, password: string, field = 'password'): Promise<void> {
  const result = await throttledStep(db, account.id, undefined, async () => ((await verifyPassword(account.passwordHash, password)) ? true : undefined))
  if (!result.ok) throw refusalOf(result, 'wrongPassword', field)
}

/** Appends one entry about the user's own account to the audit log (the user's history). */
export function auditOwn(db: Knex, account: OwnAccount, verb: AuditVerb<'user'>, detail?: { before?: Record<string, unknown>; after?: Record<string, unknown> }) {
  return appendAudit(db, [
    { actor: { id: account.id, name: account.name }, action: `user.${verb}`, entity: 'user', targetId: account.id, targetLabel: account.email, ...detail },
  ])
}

/** The user's own data the firm keeps: phone, the firm's name, the client companies they may see. */
async function accountProfile(db: Knex, account: OwnAccount): Promise<AccountProfile> {
  const firm = (await db('firms').orderBy('id').first('name')) as { name: string } | undefined
  const clients = (await db('companies')
    .whereIn('company_no', [...account.clientNos])
    .orderBy('company_no')
    .select('company_no', 'company_name')) as { company_no: number; company_name: string }[]
  return {
    phone: account.phone || null,
    firm: firm?.name ?? null,
    clients: clients.map((row) => ({ companyNo: Number(row.company_no), name: row.company_name })),
  }
}

/** The user's sign-in methods as the account page shows them, with their own data. */
export async function securityState(db: Knex, account: OwnAccount, external: boolean): Promise<AccountSecurityState> {
  const totp = await loadTotp(db, account.id)
  const passkeys = await listPasskeys(db, account.id)
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())
  return {
    profile: await accountProfile(db, account),
    external,
    totp: { enabled: Boolean(totp?.confirmed_at), recoveryCodesLeft: await recoveryCodesLeft(db, account.id) },
    passkeys: passkeys.map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: new Date(row.created_at).toISOString(),
      lastUsedAt: iso(row.last_used_at),
      transports: Array.isArray(row.transports) ? row.transports : [],
    })),
    required: policyRequires(await loadPolicy(db), account.permissions),
  }
}
