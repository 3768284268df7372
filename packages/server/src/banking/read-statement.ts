import { nulPosition } from '../db/storable-text'
import { isBalanced } from './amounts'
import { parseCamt053 } from './camt053'
import { parseMt940 } from './mt940'
import { BankFileError, type ParsedStatement } from './types'

/**
 * Reads a bank statement file, CAMT.053 or MT940 by its content, and checks every statement's balance: opening plus
 * entries must equal closing, or the whole file is refused naming the statement. Knows nothing of the database.
 */
export function readStatementFile(bytes: Uint8Array | string): ParsedStatement[] {
  const text = (typeof bytes === 'string' ? bytes : new TextDecoder('utf-8').decode(bytes)).replace(/^\uFEFF/, '')
  const start = text.trimStart()
  if (start === '') throw new BankFileError('unreadable', { detail: 'empty file' })
  const nul = nulPosition(text)
  if (nul) throw new BankFileError('nul', nul)
  const statements = start.startsWith('<') ? parseCamt053(start) : start.startsWith(':') || start.startsWith('{1:') ? parseMt940(start) : undefined
  if (!statements) throw new BankFileError('format', { detail: 'neither CAMT.053 nor MT940' })
  for (const statement of statements) {
    if (!isBalanced(statement)) {
      const moved = statement.entries.reduce((sum, entry) => sum + entry.amountCents, 0)
      throw new BankFileError('unbalanced', { statement: statement.statementId, detail: `${(statement.openingCents / 100).toFixed(2)} + ${(moved / 100).toFixed(2)} ≠ ${(statement.closingCents / 100).toFixed(2)}` })
    }
  }
  return statements
}

export { BankFileError, type ParsedEntry, type ParsedStatement } from './types'
