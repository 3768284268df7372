import { previousMonth } from '@portal/sdk/state'
import { loadSessionUser } from '../authentication/session-user'
import { releaseMonth } from '../commands/releaseMonth'
import type { DemoScreenContext } from './seed-demo-context'

/**
 * The month check's demo (issue 34): the client of Bäckerei Steiner (1002) released last month ("everything is in")
 * through the app's command, so the firm dashboard shows a released month beside the open work the other screens'
 * demos leave (Alpenblick's unmatched bank movements, the inbox's incoming invoices, the FON conflicts).
 */
export async function seedDemoMonths(context: DemoScreenContext): Promise<void> {
  const knex = context.app.get('knex')
  const row = (await knex('users').where({ email: 'client@demo.portal' }).first('keycloak_id')) as { keycloak_id: string } | undefined
  const session = row ? await loadSessionUser(knex, row.keycloak_id) : undefined
  if (!session) return
  await releaseMonth({ app: context.app, user: session.user, companyNo: 1002, month: previousMonth(context.today), today: context.today })
}
