import type { DocumentRequestData, DocumentRequestRecord, SessionUser } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { companyOfBankTransaction } from '../../models/bank-transactions'
import { insertRequest } from '../../models/document-requests'
import { actorOf } from '../../models/users'
import { badRequestInput } from './refuse'
import { emitRequest } from './emitRequest'

/**
 * Staff ask a company for something. With `bank_transaction_id` it is a request for that movement's receipt (kind
 * transaction; the movement must be the company's); kind transaction without a movement is refused.
 */
export async function createRequest(props: { app: Application; user?: SessionUser; data: DocumentRequestData }): Promise<DocumentRequestRecord> {
  const { app, data } = props
  const knex = app.get('knex')
  const kind = data.bank_transaction_id !== undefined ? 'transaction' : (data.kind ?? 'document')
  if (kind === 'transaction' && data.bank_transaction_id === undefined) throw badRequestInput('bank_transaction_id', 'transactionKind')
  if (data.bank_transaction_id !== undefined && (await companyOfBankTransaction(knex, data.bank_transaction_id)) !== data.company_no) {
    throw badRequestInput('bank_transaction_id', 'transactionOfOtherCompany', { transactionId: data.bank_transaction_id, company: data.company_no })
  }
  const actor = await actorOf(knex, props.user)
  const id = await knex.transaction((trx) =>
    insertRequest(trx, { companyNo: data.company_no, kind, text: data.text.trim(), dueDate: data.due_date, bankTransactionId: data.bank_transaction_id ?? null, actor }),
  )
  return emitRequest(app, id, 'created')
}
