import { nulPosition } from '../db/storable-text'
import { formatUnits, isBalanced, movedUnits } from './amounts'
import { parseCamt } from './camt'
import { looksLikeMt940, parseMt940 } from './mt940'
import { BankFileError, type ParsedStatement } from './types'

/**
 * Reads a bank statement file, CAMT (camt.053 statement, camt.054 notification) or MT940 (plain or in SWIFT envelopes)
 * by its content, and checks every statement's balance exactly: opening plus entries must equal closing, or the whole
 * file is refused naming the statement. Knows nothing of the database.
 */
export function readStatementFile(bytes: Uint8Array | string): ParsedStatement[] {
  const text = (typeof bytes === 'string' ? bytes : new TextDecoder('utf-8').decode(bytes)).replace(/^\uFEFF/, '')
  const start = text.trimStart()
  if (start === '') throw new BankFileError('unreadable', { detail: 'empty file' })
  const nul = nulPosition(text)
  if (nul) throw new BankFileError('nul', nul)
  const statements = start.startsWith('<') ? parseCamt(start) : looksLikeMt940(text) ? parseMt940(text) : undefined
  if (!statements) throw new BankFileError('format', { detail: 'neither CAMT nor MT940' })
  for (const statement of statements) {
    if (statement.hasBalances && !isBalanced(statement)) {
      const moved = movedUnits(statement.entries)
      throw new BankFileError('unbalanced', { statement: statement.statementId, detail: `${formatUnits(statement.openingUnits)} + ${formatUnits(moved)} ≠ ${formatUnits(statement.closingUnits)}` })
    }
  }
  return statements
}

export { BankFileError, type ParsedEntry, type ParsedStatement } from './types'
