import { viennaToday } from '@portal/sdk/domain'
import { loadSessionUser } from '../authentication/session-user'
import type { Application } from '../declarations'
import { actorOf } from '../models/users'
import { seedDemoBanking } from './seed-demo-banking'
import type { DemoScreenContext } from './seed-demo-context'
import { seedDemoFon } from './seed-demo-fon'
import { seedDemoInbox } from './seed-demo-inbox'
import { seedDemoMonths } from './seed-demo-months'
import { seedDemoOffice } from './seed-demo-office'
import { seedDemoPayments } from './seed-demo-payments'
import { seedDemoSv } from './seed-demo-sv'

/**
 * Something to try on every screen of SPEC §2 for the demo admin (issue 38), right after the demo data (and its ledger,
 * whose open invoices the bank statement pays) were written on a first start: done by the demo admin through the app's own commands and services (imports,
 * approvals, reconciliation), so the rows are what the app writes, dated before today. Later starts do nothing.
 */
export async function seedDemoScreens(app: Application): Promise<void> {
  const started = performance.now()
  const knex = app.get('knex')
  const row = (await knex('users').where({ email: 'admin@demo.portal' }).first('keycloak_id')) as { keycloak_id: string } | undefined
  const session = row ? await loadSessionUser(knex, row.keycloak_id) : undefined
  if (!session) return
  const context: DemoScreenContext = { app, admin: session.user, actor: await actorOf(knex, session.user), today: viennaToday() }
  // Each screen's share of the first start is logged: the seed must stay within a second or two.
  const steps: Record<string, number> = {}
  for (const [name, seed] of Object.entries({ office: seedDemoOffice, banking: seedDemoBanking, payments: seedDemoPayments, sv: seedDemoSv, fon: seedDemoFon, inbox: seedDemoInbox, months: seedDemoMonths })) {
    const stepStarted = performance.now()
    await seed(context)
    steps[name] = Math.round(performance.now() - stepStarted)
  }
  app.get('logger').info({ ms: Math.round(performance.now() - started), steps }, 'demo screens written')
}
