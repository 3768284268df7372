import type { Knex } from 'knex'
import { PERMISSIONS } from '../../packages/sdk/src/domain/index'
import { hashPassword } from '../../packages/server/src/oidc/passwords'

// Callers beyond the three demo users (issue 30): an administrator and a user manager who each hold company 1002
// only, so the cases can tell a right from a company: what the demo admin (every company) may, admin1002 may only
// for 1002, and kca1002 may grant only what it holds.

/** The extra callers and what each holds. */
export const EXTRA_CALLERS = {
  /** Every permission, company 1002 only. */
  admin1002: { permissions: [...PERMISSIONS], companies: [1002] },
  /** A user manager (kca) with doc, company 1002 only. */
  kca1002: { permissions: ['kca', 'doc'], companies: [1002] },
} as const

/** One of the extra callers. */
export type ExtraCaller = keyof typeof EXTRA_CALLERS

/** Password of the extra callers. */
export const EXTRA_PASSWORD = 'permission-case-password'

/** Creates the extra callers' accounts; answers their e-mail addresses. */
export async function createExtraCallers(knex: Knex): Promise<Record<ExtraCaller, string>> {
  const emails = {} as Record<ExtraCaller, string>
  const passwordHash = await hashPassword(EXTRA_PASSWORD)
  for (const [caller, { permissions, companies }] of Object.entries(EXTRA_CALLERS) as [ExtraCaller, (typeof EXTRA_CALLERS)[ExtraCaller]][]) {
    const email = `${caller.toLowerCase()}@case.portal`
    const [{ id }] = (await knex('users')
      .insert({
        keycloak_id: crypto.randomUUID(),
        username: caller,
        email,
        first_name: 'Case',
        last_name: caller,
        locale: 'en',
        permissions: [...permissions],
        client_access: 'assigned',
        enabled: true,
        password_hash: passwordHash,
      })
      .returning('id')) as { id: string }[]
    await knex('user_clients').insert(companies.map((company_no) => ({ user_id: id, company_no, mode: 'assigned' })))
    emails[caller] = email
  }
  return emails
}

/** Records of two companies the company-scoped admin services answer: a pending bank access and an ÖGK account each. */
export interface ForeignRecords {
  bankAccess1001: number
  bankAccess1002: number
  svAccount1001: number
  svAccount1002: number
}

/** Writes the records of 1001 and 1002 straight into their tables (the imports and requests are tested elsewhere). */
export async function writeCompanyRecords(knex: Knex): Promise<ForeignRecords> {
  const access = async (company_no: number, iban: string) =>
    ((await knex('bank_accesses').insert({ company_no, iban, status: 'pending', provider: 'files', requested_by_name: 'Case' }).returning('id')) as { id: number }[])[0].id
  const account = async (company_no: number, account_number: string) =>
    ((await knex('sv_accounts').insert({ company_no, account_number, partner_name: `Case ${company_no} GmbH`, saldo: '10.00', details: '{}' }).returning('id')) as { id: number }[])[0].id
  return {
    bankAccess1001: await access(1001, 'AT611904300234573201'),
    bankAccess1002: await access(1002, 'AT483200000012345864'),
    svAccount1001: await account(1001, '1100001'),
    svAccount1002: await account(1002, '1100002'),
  }
}
