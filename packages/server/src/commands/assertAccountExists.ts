import type { Knex } from 'knex'
import { BadRequest } from '@feathersjs/errors'
import type { LabelValueKind } from '@portal/sdk/domain'
import { errorData } from '@portal/sdk/errors'
import { hasAccount, hasExpenseAccount } from '../models/accounts'

/** The refusal of an account the company does not have (SPEC §8 'Account not found'), naming the field. */
export function accountNotFound(field: string, account: string): BadRequest {
  return new BadRequest(`Field "${field}": account ${account} not found`, errorData('errors:account.notFound', { field, rule: 'accountExists', account }))
}

/**
 * Refuses (400 errors:account.notFound) an account value the company does not have: the supplier or customer
 * account among its accounts, the counter account among its expense accounts. Other kinds pass.
 */
export async function assertAccountExists(db: Knex, companyNo: number, field: string, kind: LabelValueKind, value: string): Promise<void> {
  if (kind === 'account' && !(await hasAccount(db, companyNo, Number(value)))) throw accountNotFound(field, value)
  if (kind === 'counterAccount' && !(await hasExpenseAccount(db, companyNo, Number(value)))) throw accountNotFound(field, value)
}
