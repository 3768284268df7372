import type { Knex } from 'knex'
import { documentIssues } from '@portal/sdk/validators'
import { hasAccount, hasExpenseAccount } from '../models/accounts'
import type { Issue } from '../models/documents/index'

/** Props of checkDocument. */
export interface CheckDocumentProps {
  db: Knex
  companyNo: number
  /** The document's current values by field (booking values the row derived included). */
  values: Readonly<Record<string, string>>
}

/**
 * The rules of SPEC §5 a document's current values break: the SDK's documentIssues (required fields, 'Calculation
 * failed' per tax line, totals, IBAN, VAT ids) and the accounts the company does not have ('Account not found').
 */
export async function checkDocument(props: CheckDocumentProps): Promise<Issue[]> {
  const { db, companyNo, values } = props
  const issues: Issue[] = documentIssues(values)
  const accounts: [string, (db: Knex, companyNo: number, account: number) => Promise<boolean>][] = [
    ['account_number', hasAccount],
    ['counter_account', hasExpenseAccount],
  ]
  for (const [field, exists] of accounts) {
    const account = values[field]
    if (account && !(await exists(db, companyNo, Number(account)))) {
      issues.push({ field, key: 'errors:account.notFound', params: { field, rule: 'accountExists', account } })
    }
  }
  return issues
}
