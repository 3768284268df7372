import type { BankImportResult, SessionUser } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { bankingClock } from '../../banking/clock'
import { BankFileError, readStatementFile, type ParsedStatement } from '../../banking/read-statement'
import { badBankInput } from './refuse'
import { routeStatements } from './routeStatements'
import { storeStatements } from './storeStatements'

/**
 * Imports a statement file (CAMT.053, CAMT.054 or MT940) into the company's accounts with approved, unexpired access:
 * every statement is read and balance-checked first and sent to the account it names (a broken file, or one with an
 * account the company has no access to, stores nothing), movements already stored are skipped, new ones get match
 * proposals and the confident ones settle their open items at once.
 */
export async function importBankStatement(props: { app: Application; user?: SessionUser; companyNo: number; accessId?: number; fileName: string; content: string | Uint8Array }): Promise<BankImportResult> {
  const { app, companyNo } = props
  let statements: ParsedStatement[]
  try {
    statements = readStatementFile(props.content)
  } catch (error) {
    if (!(error instanceof BankFileError)) throw error
    const { statement, detail, line, column, max, expected, value } = error.params
    const where = { line: line ? String(line) : '', ...(column ? { column: String(column) } : {}), ...(max ? { max: String(max) } : {}) }
    const rule = { ...(expected ? { expected } : {}), ...(value !== undefined ? { value } : {}) }
    throw badBankInput('file', `file.${error.rule}`, { file: props.fileName, statement: statement ?? '', detail: detail ?? '', ...where, ...rule })
  }
  const groups = await routeStatements(app.get('knex'), { companyNo, accessId: props.accessId, statements, today: bankingClock.today() })
  return storeStatements({ app, user: props.user, groups, fileName: props.fileName })
}
