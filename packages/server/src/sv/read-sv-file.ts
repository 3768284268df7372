import { FonImportError, SvImportError, parseSvRows, type SvImportKind, type SvRow } from '@portal/sdk/domain'
import type { Knex } from 'knex'
import { readImportFile } from '../fon/read-file'
import { svAccountIds } from '../models/sv-accounts'

/**
 * Reads and checks a whole contribution-account file (CSV or XLSX): every cell by its column's rule, and for
 * transactions and authorizations that each account exists. Throws SvImportError at the first broken cell.
 */
export async function readSvFile(knex: Knex, kind: SvImportKind, fileName: string, bytes: Uint8Array): Promise<{ rows: SvRow[]; accounts: Map<string, number> }> {
  let table: Awaited<ReturnType<typeof readImportFile>>
  try {
    table = await readImportFile(fileName, bytes)
  } catch (error) {
    // The table reader's refusals: a NUL named where it is, anything else as a file that cannot be read.
    if (error instanceof FonImportError) throw new SvImportError({ ...error.problem, rule: error.problem.rule === 'nul' ? 'nul' : 'unreadable' })
    throw error
  }
  const rows = parseSvRows(kind, table.header, table.rows, table.lines)
  const accounts = await svAccountIds(knex, rows.map((row) => String(row.beitragskontonummer)))
  if (kind !== 'accounts') {
    const index = rows.findIndex((row) => !accounts.has(String(row.beitragskontonummer)))
    if (index >= 0) throw new SvImportError({ row: table.lines[index] ?? index + 2, column: 'beitragskontonummer', rule: 'unknownAccount', value: String(rows[index]!.beitragskontonummer) })
  }
  return { rows, accounts }
}
