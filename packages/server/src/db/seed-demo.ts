import { randomUUID } from 'node:crypto'
import type { Knex } from 'knex'
import { PERMISSIONS, viennaToday } from '@portal/sdk/domain'
import type { Logger } from '../logger'
import { hashPassword } from '../oidc/passwords'
import { DEMO_PASSWORD } from '../banner'
import {
  DEMO_ACCOUNTINGS,
  DEMO_BOOKS,
  DEMO_COMPANIES,
  DEMO_COMPANY_EXPENSE_ACCOUNTS,
  DEMO_COST_CENTERS,
  DEMO_CUSTOMERS,
  DEMO_DEFAULT_EXPENSE_ACCOUNTS,
  DEMO_FIRM,
  DEMO_SUPPLIERS,
  DEMO_USERS,
} from './seed-demo-data'
import type { DocumentStore } from '../documents/store'
import { prepareDemoLedger, seedDemoLedger } from './seed-demo-ledger'

/** Options of seedDemoData. */
export interface DemoSeedOptions {
  /** Also two years of booked documents of two companies, each with its PDF in the document store. */
  ledger?: boolean
  /** The server's document store, which keeps the ledger's files (needed with `ledger`). */
  store?: DocumentStore
}

/**
 * Fills a new database with the demo firm, companies, master data and users (with `ledger`, two years of booked
 * documents of two companies); does nothing when a firm exists. Answers whether it wrote them (then, with the ledger,
 * the server goes on with seedDemoScreens once the app is up).
 */
export async function seedDemoData(knex: Knex, logger: Logger, options: DemoSeedOptions = {}): Promise<boolean> {
  const existing = await knex('firms').first('id')
  if (existing) return false
  const started = performance.now()
  const { store } = options
  if (options.ledger && !store) throw new Error('the demo ledger needs the document store for its documents')
  // Hash before the transaction: argon2 is slow on purpose, and the transaction should stay short. The ledger's PDFs
  // are generated and written meanwhile, for the same reason.
  const [passwordHashes, ledger] = await Promise.all([
    Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD))),
    options.ledger && store ? prepareDemoLedger(viennaToday(), store) : undefined,
  ])
  return knex.transaction(async (trx) => {
    // A second process may have seeded meanwhile (PostgreSQL); the lock makes the check and the writes one step.
    await trx.raw('lock table firms in exclusive mode')
    if (await trx('firms').first('id')) return false
    const [{ id: firmId }] = (await trx('firms')
      .insert({ name: DEMO_FIRM.name, ntcs_id: DEMO_FIRM.ntcs_id })
      .returning('id')) as { id: number }[]
    await trx('companies').insert(
      DEMO_COMPANIES.map(({ settings: _settings, ...company }) => ({ ...company, firm_id: firmId })),
    )
    await trx('company_settings').insert(
      DEMO_COMPANIES.map((company) => ({ company_no: company.company_no, ...company.settings })),
    )
    for (const company of DEMO_COMPANIES) {
      const { company_no } = company
      await trx('accounting_periods').insert(
        DEMO_ACCOUNTINGS.map((accounting) => ({
          company_no,
          accounting,
          start_date: `${accounting}-01-01`,
          end_date: `${accounting}-12-31`,
        })),
      )
      for (const accounting of DEMO_ACCOUNTINGS) {
        await trx('accounts').insert(
          [...DEMO_SUPPLIERS, ...DEMO_CUSTOMERS].map(({ zip, town, ...account }) => ({
            company_no,
            accounting,
            ...account,
            zip,
            town,
          })),
        )
        await trx('cost_centers').insert(DEMO_COST_CENTERS.map((center) => ({ company_no, accounting, ...center })))
        await trx('books').insert(DEMO_BOOKS.map((book) => ({ company_no, accounting, ...book })))
        const own = DEMO_COMPANY_EXPENSE_ACCOUNTS[company_no] ?? []
        if (own.length > 0) {
          await trx('expense_accounts').insert(own.map((expense) => ({ company_no, accounting, ...expense })))
        }
      }
    }
    await trx('expense_accounts').insert(DEMO_DEFAULT_EXPENSE_ACCOUNTS)
    for (const [index, { companies, permissions, ...user }] of DEMO_USERS.entries()) {
      const [{ id: userId }] = (await trx('users')
        .insert({
          ...user,
          keycloak_id: randomUUID(),
          permissions: permissions === 'all' ? [...PERMISSIONS] : permissions,
          password_hash: passwordHashes[index],
        })
        .returning('id')) as { id: string }[]
      if (companies.length > 0) {
        await trx('user_clients').insert(companies.map((company_no) => ({ user_id: userId, company_no, mode: 'assigned' })))
      }
    }
    const bookings = ledger && store ? await seedDemoLedger(trx, ledger, store) : 0
    logger.info(
      { firm: DEMO_FIRM.name, companies: DEMO_COMPANIES.length, users: DEMO_USERS.length, bookings, ms: Math.round(performance.now() - started) },
      'demo data written',
    )
    return true
  })
}
