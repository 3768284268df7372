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
  /** Reports only (no doc), company 1002: holds the company but may not see its documents (issue 34's comments). */
  rep1002: { permissions: ['rep'], companies: [1002] },
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

/** Requests and comments the cases of issue 34 call on, written straight into their tables. */
export interface RequestRecords {
  request1002: number
  request1001: number
  /** A request of 1002 only staff close in the cases. */
  requestToClose1002: number
  /** An unmatched movement of 1002 to ask a receipt for. */
  transaction1002: number
  /** Comments of the demo admin on document1002 (one to edit, one to delete) and on document1001. */
  commentToEdit1002: number
  commentToRemove1002: number
  comment1001: number
}

/** Writes the requests, a movement and the demo admin's comments of 1001 and 1002. */
export async function writeRequestRecords(knex: Knex, documents: { document1002: number; document1001: number }, accesses: { bankAccess1002: number }): Promise<RequestRecords> {
  const request = async (company_no: number) =>
    ((await knex('document_requests').insert({ company_no, kind: 'document', text: `Kontoauszug März ${company_no}`, due_date: '2026-04-15', created_by_name: 'Case' }).returning('id')) as { id: number }[])[0].id
  const admin = (await knex('users').where({ email: 'admin@demo.portal' }).first('id', 'first_name', 'last_name')) as { id: string; first_name: string; last_name: string }
  const comment = async (document_id: number, company_no: number) =>
    ((await knex('document_comments').insert({ document_id, company_no, text: 'Bitte Leistungszeitraum prüfen', author_id: admin.id, author_name: `${admin.first_name} ${admin.last_name}` }).returning('id')) as { id: number }[])[0].id
  const [{ id: transaction1002 }] = (await knex('bank_transactions')
    .insert({ company_no: 1002, access_id: accesses.bankAccess1002, entry_key: 'case-request-1', booking_date: '2026-03-10', value_date: '2026-03-10', amount: '-118.80', currency: 'EUR', counterparty_name: 'Büro Kaiser KG', remittance: 'RE 4711' })
    .returning('id')) as { id: number }[]
  return {
    request1002: await request(1002),
    request1001: await request(1001),
    requestToClose1002: await request(1002),
    transaction1002,
    commentToEdit1002: await comment(documents.document1002, 1002),
    commentToRemove1002: await comment(documents.document1002, 1002),
    comment1001: await comment(documents.document1001, 1001),
  }
}
