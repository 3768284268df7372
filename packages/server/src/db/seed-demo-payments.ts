import { DocumentKind } from '@portal/sdk/domain'
import { loadSessionUser } from '../authentication/session-user'
import { openItemsPage } from '../models/open-items'
import type { DemoScreenContext } from './seed-demo-context'

/**
 * Approvals of the demo (issue 35), done as the screens do them: Alpenblick (1001) approves alone up to EUR 2,000 and
 * with two people above it; its open supplier invoices are approved (the larger ones by Anna Huber and Stefan Bauer),
 * but for the newest, on which Stefan Bauer asked a question, so a payment run can be made at once from the unpaid
 * items or with `portal payments create --client 1001 --proposed`. Needs the demo ledger.
 */
export async function seedDemoPayments(context: DemoScreenContext): Promise<void> {
  const { app, admin, today } = context
  const knex = app.get('knex')
  const staffRow = (await knex('users').where({ email: 'staff@demo.portal' }).first('keycloak_id')) as { keycloak_id: string } | undefined
  const staff = staffRow ? (await loadSessionUser(knex, staffRow.keycloak_id))?.user : undefined
  await app.service('approval-policies').patch(1001, { single_limit: '2000.00', run_release_required: false }, { user: admin })
  const open = (await openItemsPage(knex, { companyNo: 1001, side: DocumentKind.ER, today }, { limit: 500, skip: 0 })).sort((a, b) => a.document_date.localeCompare(b.document_date))
  const newest = open.at(-1)
  for (const item of open) {
    if (item === newest && staff) {
      await app.service('document-approvals').create({ document_id: item.document_id, action: 'question', text: 'Ist die Lieferung vollständig angekommen? Der Lieferschein fehlt.' }, { user: staff })
      continue
    }
    const approved = await app.service('document-approvals').create({ document_id: item.document_id, action: 'approve' }, { user: admin })
    if (approved.state === 'partly' && staff) await app.service('document-approvals').create({ document_id: item.document_id, action: 'approve' }, { user: staff })
  }
}
