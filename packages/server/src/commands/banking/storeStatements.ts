import { buildMatchIndex, proposeMatches, type MatchProposal } from '@portal/sdk/domain'
import type { BankImportResult, BankProposalRecord, SessionUser } from '@portal/sdk/services'
import type { Knex } from 'knex'
import type { Application } from '../../declarations'
import { unitsToCents } from '../../banking/amounts'
import { bankingClock } from '../../banking/clock'
import { entryKeys } from '../../banking/dedupe'
import type { ParsedStatement } from '../../banking/read-statement'
import { bankingSettings } from '../../banking/settings'
import { appendAudit } from '../../models/audit-log'
import { matchableItems } from '../../models/bank-open-items'
import { bankTransactionRecord, collectiveBooking, storedUnits, insertBankTransactions, removeCollectiveTotal, setProposals, transactionRows, upsertStatement, type NewBankTransaction } from '../../models/bank-transactions'
import { actorOf, type Actor } from '../../models/users'
import { bankConflict } from './refuse'
import { emitSettled } from './emitSettled'
import type { StatementGroup } from './routeStatements'
import { settleProposal } from './settleProposal'

/** Emitting each movement of a big import would flood the screens; above this they refetch instead. */
const EMIT_LIMIT = 200

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
      // A booking needs cents: an exact amount of finer decimals is rounded here, and only here.
      amountCents: unitsToCents(storedUnits(row.amount)),
      bookingDate: String(row.booking_date instanceof Date ? row.booking_date.toISOString() : row.booking_date).slice(0, 10),
      remittance: String(row.remittance ?? ''),
      endToEndId: (row.end_to_end_id as string | null) ?? null,
      structuredReference: (row.structured_reference as string | null) ?? null,
      counterpartyName: (row.counterparty_name as string | null) ?? null,
      counterpartyIban: (row.counterparty_iban as string | null) ?? null,
      isReturn: Boolean(row.is_return),
    }
    // An item settled by an earlier movement of this import is not offered again (a credit note, below 0, once used up).
    const open = (proposal: MatchProposal) =>
      proposal.items.every((part) => {
        const left = remaining.get(part.bookingId) ?? 0
        return part.amountCents < 0 ? left <= part.amountCents : left >= part.amountCents + part.discountCents
      })
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
 * The rows of one statement to store. A collective booking (Sammelbuchung) is kept as its single items wherever the
 * bank gives them: items that arrive for a total stored earlier (a camt.054 after its camt.053) take the total's
 * place and balance; a total whose items are already stored adds nothing.
 */
async function rowsOf(trx: Knex.Transaction, accessId: number, statement: ParsedStatement, statementRow: number | null, keys: string[]): Promise<{ rows: NewBankTransaction[]; known: number }> {
  const rows: NewBankTransaction[] = []
  let known = 0
  let balance: number | null = statement.hasBalances ? statement.openingUnits : null
  const totals = new Map<string, { balance: number | null; statementRow: number | null } | null>()
  for (const [index, entry] of statement.entries.entries()) {
    const batch = entry.batch
    if (balance !== null) balance += entry.amountUnits
    if (batch?.reference && batch.count > 1) {
      const booking = await collectiveBooking(trx, accessId, batch.reference, entry.bookingDate)
      if (batch.totalUnits === null && booking.items > 0) {
        known += 1
        continue
      }
      const total = booking.total
      if (batch.totalUnits !== null && total && total.amountUnits === batch.totalUnits) {
        if (total.matched) throw bankConflict('collectiveMatched', { reference: batch.reference })
        await removeCollectiveTotal(trx, total.id)
        totals.set(`${batch.reference}|${entry.bookingDate}`, { balance: total.balanceAfterUnits === null ? null : total.balanceAfterUnits - total.amountUnits, statementRow: total.statementId })
      }
      const replaced = totals.get(`${batch.reference}|${entry.bookingDate}`)
      if (replaced && batch.totalUnits !== null) {
        // The items carry the balance the total had: each moves it on from where the total started.
        if (replaced.balance !== null) replaced.balance += entry.amountUnits
        rows.push({ entry, key: keys[index], statementId: statementRow ?? replaced.statementRow, balanceAfterUnits: balance ?? replaced.balance })
        continue
      }
    }
    rows.push({ entry, key: keys[index], statementId: statementRow, balanceAfterUnits: balance })
  }
  return { rows, known }
}

/** What one account's statements added. */
interface StoredGroup {
  added: number[]
  total: number
}

async function storeGroup(trx: Knex.Transaction, group: StatementGroup, fileName: string, actor: Actor): Promise<StoredGroup> {
  const { access } = group
  const added: number[] = []
  let total = 0
  for (const statement of group.statements) {
    const statementRow = statement.hasBalances
      ? await upsertStatement(trx, { accessId: access.id, companyNo: access.company_no, statementId: statement.statementId, format: statement.format, fileName, openingUnits: statement.openingUnits, openingDate: statement.openingDate, closingUnits: statement.closingUnits, closingDate: statement.closingDate, actorName: actor.name })
      : null
    const { rows, known } = await rowsOf(trx, access.id, statement, statementRow, entryKeys(access.iban, statement.entries))
    total += rows.length + known
    added.push(...(await insertBankTransactions(trx, access.company_no, access.id, rows)))
  }
  return { added, total }
}

/**
 * Stores read statements into their accounts' accesses (statement files and the PSD2 provider alike) in one
 * transaction: new movements only, proposals for them, confident ones settled, one audit entry per account; events to
 * the company's screens after the commit.
 */
export async function storeStatements(props: { app: Application; user?: SessionUser; groups: StatementGroup[]; fileName: string }): Promise<BankImportResult> {
  const { app, groups } = props
  const knex = app.get('knex')
  const today = bankingClock.today()
  const actor = await actorOf(knex, props.user)
  const companyNo = groups[0]?.access.company_no
  const result = await knex.transaction(async (trx) => {
    const stored: StoredGroup[] = []
    for (const group of groups) stored.push(await storeGroup(trx, group, props.fileName, actor))
    const matched = companyNo === undefined ? { settled: [], proposed: 0 } : await matchNew(trx, { companyNo, ids: stored.flatMap((group) => group.added), actor, today })
    await appendAudit(
      trx,
      groups.map((group, index) => ({
        actor,
        action: 'bankStatement.import' as const,
        entity: 'bank_statements',
        targetId: String(group.access.id),
        targetLabel: props.fileName,
        companyNo: group.access.company_no,
        after: { statements: group.statements.map((s) => s.statementId).join(', '), added: stored[index].added.length, duplicates: stored[index].total - stored[index].added.length, ...(index === 0 ? { settled: matched.settled.length } : {}) },
      })),
    )
    return { stored, matched }
  })
  const added = result.stored.flatMap((group) => group.added)
  if (added.length <= EMIT_LIMIT) {
    for (const id of added) {
      const record = await bankTransactionRecord(knex, id)
      if (record) app.service('bank-transactions').emit('created', record)
    }
  }
  if (result.matched.settled.length <= EMIT_LIMIT) await emitSettled(app, result.matched.settled, 'settled')
  const total = result.stored.reduce((sum, group) => sum + group.total, 0)
  const statements = groups.flatMap((group) => group.statements)
  return {
    access_id: groups[0]?.access.id ?? 0,
    format: statements[0]?.format ?? 'camt053',
    statements: statements.map((statement) => statement.statementId),
    added: added.length,
    duplicates: total - added.length,
    settled: result.matched.settled.length,
    proposed: result.matched.proposed,
    accounts: groups.map((group, index) => ({
      access_id: group.access.id,
      iban: group.access.iban,
      statements: group.statements.map((statement) => statement.statementId),
      added: result.stored[index].added.length,
      duplicates: result.stored[index].total - result.stored[index].added.length,
    })),
  }
}
