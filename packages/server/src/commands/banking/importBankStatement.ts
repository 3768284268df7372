import { accessReads, buildMatchIndex, proposeMatches, type MatchProposal } from '@portal/sdk/domain'
import type { BankImportResult, BankProposalRecord, SessionUser } from '@portal/sdk/services'
import type { Knex } from 'knex'
import type { Application } from '../../declarations'
import { bankingClock } from '../../banking/clock'
import { entryKeys } from '../../banking/dedupe'
import { BankFileError, readStatementFile, type ParsedStatement } from '../../banking/read-statement'
import { bankingSettings } from '../../banking/settings'
import { appendAudit } from '../../models/audit-log'
import { bankAccessRow, bankAccessesOf, type BankAccessRow } from '../../models/bank-accesses'
import { matchableItems } from '../../models/bank-open-items'
import { bankTransactionRecord, insertBankTransactions, setProposals, transactionRows, upsertStatement } from '../../models/bank-transactions'
import { actorOf, type Actor } from '../../models/users'
import { forbidden } from '../../policies/index'
import { badBankInput, bankConflict } from './refuse'
import { emitSettled } from './emitSettled'
import { settleProposal } from './settleProposal'

/** Emitting each movement of a big import would flood the screens; above this they refetch instead. */
const EMIT_LIMIT = 200

async function accessFor(knex: Knex, companyNo: number, accessId: number | undefined, statements: ParsedStatement[], today: string): Promise<BankAccessRow> {
  const ibanOfFile = statements.map((statement) => statement.account).find((account) => /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(account))
  let access: BankAccessRow | undefined
  if (accessId !== undefined) {
    access = await bankAccessRow(knex, accessId)
    if (!access || access.company_no !== companyNo) throw forbidden()
  } else {
    const candidates = (await bankAccessesOf(knex, companyNo, today)).filter((record) => record.iban === ibanOfFile || (!ibanOfFile && record.status === 'approved'))
    const chosen = candidates.find((record) => accessReads(record, today)) ?? candidates[0]
    if (!chosen) throw badBankInput('file', 'noAccessForAccount', { iban: ibanOfFile ?? '?' })
    access = await bankAccessRow(knex, chosen.id)
  }
  if (!access) throw forbidden()
  const foreign = statements.find((statement) => /^[A-Z]{2}\d{2}/.test(statement.account) && statement.account !== access.iban)
  if (foreign) throw badBankInput('file', 'accountMismatch', { statement: foreign.statementId, iban: foreign.account })
  if (!accessReads(access, today)) throw bankConflict('accessNotActive', { iban: access.iban })
  return access
}

/** Proposes matches for new movements and settles those at or above the configured confidence; answers the counts. */
async function matchNew(trx: Knex.Transaction, props: { companyNo: number; ids: number[]; actor: Actor; today: string }): Promise<{ settled: number[]; proposed: number }> {
  if (props.ids.length === 0) return { settled: [], proposed: 0 }
  const threshold = bankingSettings().autoMatch
  const items = await matchableItems(trx, props.companyNo, props.today)
  const index = buildMatchIndex(items)
  const remaining = new Map(items.map((item) => [item.bookingId, item.openCents]))
  const proposals = new Map<number, BankProposalRecord[]>()
  const settled: number[] = []
  for (const row of await transactionRows(trx, props.ids)) {
    const movement = {
      amountCents: Math.round(Number(row.amount) * 100),
      bookingDate: String(row.booking_date instanceof Date ? row.booking_date.toISOString() : row.booking_date).slice(0, 10),
      remittance: String(row.remittance ?? ''),
      endToEndId: (row.end_to_end_id as string | null) ?? null,
      structuredReference: (row.structured_reference as string | null) ?? null,
      counterpartyName: (row.counterparty_name as string | null) ?? null,
      counterpartyIban: (row.counterparty_iban as string | null) ?? null,
      isReturn: Boolean(row.is_return),
    }
    // An item settled by an earlier movement of this import is not offered again.
    const open = (proposal: MatchProposal) => proposal.items.every((part) => (remaining.get(part.bookingId) ?? 0) >= part.amountCents + part.discountCents)
    const list = proposeMatches(movement, index).filter(open)
    if (list.length === 0) continue
    const [best] = list
    const clearWinner = list.length === 1 || list[1].confidence < best.confidence
    if (threshold !== null && best.confidence >= threshold && clearWinner) {
      settled.push(...(await settleProposal(trx, { movement: { id: Number(row.id), companyNo: props.companyNo, bookingDate: movement.bookingDate, mandateId: (row.mandate_id as string | null) ?? null }, proposal: best, actor: props.actor, automatic: true })))
      for (const part of best.items) remaining.set(part.bookingId, (remaining.get(part.bookingId) ?? 0) - part.amountCents - part.discountCents)
    }
    proposals.set(Number(row.id), list)
  }
  await setProposals(trx, proposals)
  return { settled, proposed: proposals.size }
}

/**
 * Imports a statement file (CAMT.053 or MT940) into an account with approved, unexpired access: every statement is
 * read and balance-checked first (a broken file stores nothing), movements already stored are skipped, new ones get
 * match proposals and the confident ones settle their open items at once.
 */
export async function importBankStatement(props: { app: Application; user?: SessionUser; companyNo: number; accessId?: number; fileName: string; content: string | Uint8Array }): Promise<BankImportResult> {
  const { app, companyNo } = props
  const knex = app.get('knex')
  const today = bankingClock.today()
  let statements: ParsedStatement[]
  try {
    statements = readStatementFile(props.content)
  } catch (error) {
    if (!(error instanceof BankFileError)) throw error
    const { statement, detail, line, column, max } = error.params
    const where = { line: line ? String(line) : '', ...(column ? { column: String(column) } : {}), ...(max ? { max: String(max) } : {}) }
    throw badBankInput('file', `file.${error.rule}`, { file: props.fileName, statement: statement ?? '', detail: detail ?? '', ...where })
  }
  const access = await accessFor(knex, companyNo, props.accessId, statements, today)
  return storeStatements({ app, user: props.user, access, statements, fileName: props.fileName })
}

/**
 * Stores read statements into an access's account (statement files and the PSD2 provider alike): new movements only,
 * proposals for them, confident ones settled, one audit entry; events to the company's screens after the commit.
 */
export async function storeStatements(props: { app: Application; user?: SessionUser; access: BankAccessRow; statements: ParsedStatement[]; fileName: string }): Promise<BankImportResult> {
  const { app, access, statements } = props
  const companyNo = access.company_no
  const knex = app.get('knex')
  const today = bankingClock.today()
  const actor = await actorOf(knex, props.user)
  const result = await knex.transaction(async (trx) => {
    const added: number[] = []
    let total = 0
    for (const statement of statements) {
      const statementId = await upsertStatement(trx, {
        accessId: access.id, companyNo, statementId: statement.statementId, format: statement.format, fileName: props.fileName,
        opening: (statement.openingCents / 100).toFixed(2), openingDate: statement.openingDate, closing: (statement.closingCents / 100).toFixed(2), closingDate: statement.closingDate, actorName: actor.name,
      })
      const keys = entryKeys(access.iban, statement.entries)
      let balance = statement.openingCents
      const rows = statement.entries.map((entry, index) => {
        balance += entry.amountCents
        return { entry, key: keys[index], statementId, balanceAfterCents: balance }
      })
      total += rows.length
      added.push(...(await insertBankTransactions(trx, companyNo, access.id, rows)))
    }
    const matched = await matchNew(trx, { companyNo, ids: added, actor, today })
    await appendAudit(trx, [{ actor, action: 'bankStatement.import', entity: 'bank_statements', targetId: String(access.id), targetLabel: props.fileName, companyNo, after: { statements: statements.map((s) => s.statementId).join(', '), added: added.length, duplicates: total - added.length, settled: matched.settled.length } }])
    return { added, total, matched }
  })
  if (result.added.length <= EMIT_LIMIT) {
    for (const id of result.added) {
      const record = await bankTransactionRecord(knex, id)
      if (record) app.service('bank-transactions').emit('created', record)
    }
  }
  if (result.matched.settled.length <= EMIT_LIMIT) await emitSettled(app, result.matched.settled, 'settled')
  return {
    access_id: access.id,
    format: statements[0]?.format ?? 'camt053',
    statements: statements.map((statement) => statement.statementId),
    added: result.added.length,
    duplicates: result.total - result.added.length,
    settled: result.matched.settled.length,
    proposed: result.matched.proposed,
  }
}
