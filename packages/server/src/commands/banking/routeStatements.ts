import { accessReads } from '@portal/sdk/domain'
import { isIban } from '@portal/sdk/validators'
import type { Knex } from 'knex'
import type { ParsedStatement } from '../../banking/read-statement'
import { bankAccessRow, bankAccessesOf, type BankAccessRow } from '../../models/bank-accesses'
import { forbidden } from '../../policies/index'
import { badBankInput, bankConflict } from './refuse'

/** The statements of one account and the company's access they go to. */
export interface StatementGroup {
  access: BankAccessRow
  statements: ParsedStatement[]
}

/**
 * Sends each statement of a file to the company's access of the account it names (a file may hold several accounts:
 * each goes to its own, nothing is mixed). The chosen access takes only a file of one account that names no IBAN.
 * A statement of an account the company has no access to, or whose access does not read today, refuses the whole file.
 */
export async function routeStatements(knex: Knex, props: { companyNo: number; accessId?: number; statements: ParsedStatement[]; today: string }): Promise<StatementGroup[]> {
  const { companyNo, statements, today } = props
  let chosen: BankAccessRow | undefined
  if (props.accessId !== undefined) {
    chosen = await bankAccessRow(knex, props.accessId)
    if (!chosen || chosen.company_no !== companyNo) throw forbidden()
  }
  const accounts = [...new Set(statements.map((statement) => statement.account))]
  const company = await bankAccessesOf(knex, companyNo, today)
  const groups: StatementGroup[] = []
  for (const account of accounts) {
    const own = statements.filter((statement) => statement.account === account)
    let accessId: number | undefined
    if (isIban(account)) {
      const candidates = company.filter((record) => record.iban === account)
      accessId = (candidates.find((record) => accessReads(record, today)) ?? candidates[0])?.id
      if (accessId === undefined) throw badBankInput('file', 'noAccessForAccount', { statement: own[0].statementId, iban: account })
    } else {
      // The bank's own account text: only the person's choice (or the company's one readable account) can tell.
      if (accounts.length > 1) throw badBankInput('file', 'accountNotIban', { statement: own[0].statementId, account })
      const readable = company.filter((record) => accessReads(record, today))
      accessId = chosen?.id ?? (readable.length === 1 ? readable[0].id : undefined)
      if (accessId === undefined) throw badBankInput('file', 'accountNotIban', { statement: own[0].statementId, account })
    }
    const access = accessId === chosen?.id ? chosen : await bankAccessRow(knex, accessId)
    if (!access) throw forbidden()
    if (!accessReads(access, today)) throw bankConflict('accessNotActive', { iban: access.iban })
    groups.push({ access, statements: own })
  }
  return groups
}
