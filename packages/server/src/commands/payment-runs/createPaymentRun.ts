import { createHash } from 'node:crypto'
import { daysBetween, formatCents, groupTransfers, runLineOf, toCents, viennaToday, type PayeeLine, type RunLine } from '@portal/sdk/domain'
import type { PaymentRunData, PaymentRunRecord, SessionUser, UnpaidItem } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { appendAudit } from '../../models/audit-log'
import { policyRow } from '../../models/approvals'
import { companyFacts } from '../../models/companies'
import { openItemOf } from '../../models/open-items'
import { partnerBanksOf } from '../../models/partner-bank'
import { insertRun, insertRunItems, keepRunFile, openCreditNotes, paymentRun } from '../../models/payment-runs'
import { actorOf } from '../../models/users'
import { forbidden } from '../../policies/index'
import { writePain001 } from '../../payments/pain001'
import { badPaymentInput, paymentConflict } from '../approvals/refuse'
import { openSupplierItems, proposable } from './runItems'

/**
 * A payment run: approved open supplier invoices (unpaid-items ids of side ER) not in another run, each paid what is
 * open less the discount while it applies on the execution date (or a part of it), credit notes set off against the
 * same supplier (one transfer per supplier). The pain.001 file is written once and kept with the run; the items show
 * "in payment" from now on. Every amount is summed in integer cents. Audited.
 */
export async function createPaymentRun(props: { app: Application; user?: SessionUser; data: PaymentRunData }): Promise<PaymentRunRecord> {
  const { app, data } = props
  const knex = app.get('knex')
  const actor = await actorOf(knex, props.user)
  const grouping = data.grouping ?? 'invoice'
  const version = data.pain_version ?? 'pain.001.001.09'
  if (daysBetween(viennaToday(), data.execution_date) < 0) throw badPaymentInput('runs', 'execution_date', 'executionPast')
  if ((data.credit_note_ids?.length ?? 0) > 0 && grouping !== 'supplier') throw badPaymentInput('runs', 'credit_note_ids', 'creditNotesNeedSupplier')
  const parts = new Map((data.part_amounts ?? []).map((part) => [part.id, toCents(part.amount) ?? 0]))
  const stored = await knex.transaction(async (trx) => {
    // One run at a time per company: an item can never go into two runs.
    await trx.raw('select pg_advisory_xact_lock(36, ?)', [data.company_no])
    const policy = await policyRow(trx, data.company_no)
    const company = await companyFacts(trx as never, data.company_no)
    if (!company) throw forbidden()
    const debtorIban = policy.debtor_iban ?? (company.iban ? String(company.iban).replace(/\s+/g, '').toUpperCase() : null)
    if (!debtorIban) throw paymentConflict('runs', 'noDebtorAccount')
    const debtorName = policy.debtor_name ?? company.company_name ?? String(data.company_no)
    const open = new Map((await openSupplierItems(trx, data.company_no, data.execution_date)).map((item) => [item.id, item]))
    const chosen: { item: UnpaidItem; line: RunLine }[] = []
    for (const id of data.open_item_ids) {
      const item = open.get(id)
      if (!item) throw badPaymentInput('runs', 'open_item_ids', 'notOpenItem', { id: String(id) })
      if (item.in_run !== null) throw paymentConflict('runs', 'inRun', { id: String(id), run: String(item.in_run) })
      if (item.approval !== 'approved') throw paymentConflict('runs', 'notApproved', { id: String(id), number: item.document_number ?? '' })
      const part = parts.get(id)
      if (part !== undefined && (part <= 0 || part > (toCents(item.open) ?? 0))) throw badPaymentInput('runs', 'part_amounts', 'partAmount', { id: String(id) })
      chosen.push({ item, line: runLineOf(proposable(item), data.execution_date, part) })
    }
    const unknownPart = [...parts.keys()].find((id) => !data.open_item_ids.includes(id))
    if (unknownPart !== undefined) throw badPaymentInput('runs', 'part_amounts', 'partNotInRun', { id: String(unknownPart) })
    const credits = data.credit_note_ids?.length ? await openCreditNotes(trx, data.company_no, data.credit_note_ids) : []
    const missingCredit = (data.credit_note_ids ?? []).find((id) => !credits.some((credit) => credit.id === id))
    if (missingCredit !== undefined) throw badPaymentInput('runs', 'credit_note_ids', 'notCreditNote', { id: String(missingCredit) })
    const accounts = [...new Set([...chosen.map(({ item }) => item.account), ...credits.map((credit) => credit.account)])]
    const banks = await partnerBanksOf(trx, data.company_no, accounts)
    const noIban = accounts.find((account) => !banks.get(account)?.iban)
    if (noIban !== undefined) throw badPaymentInput('runs', 'open_item_ids', 'noIban', { account: String(noIban) })
    const lonelyCredit = credits.find((credit) => !chosen.some(({ item }) => item.account === credit.account))
    if (lonelyCredit) throw badPaymentInput('runs', 'credit_note_ids', 'creditWithoutInvoice', { id: String(lonelyCredit.id) })
    const payee = (account: number) => ({ account, creditor_name: banks.get(account)!.name, creditor_iban: banks.get(account)!.iban! })
    const lines: (PayeeLine & { document_id: number; discount_cents: number })[] = [
      ...chosen.map(({ item, line }) => ({ ...payee(item.account), booking_id: item.id, document_id: item.document_id, document_number: item.document_number, amount_cents: line.amount_cents, discount_cents: line.discount_cents })),
      ...credits.map((credit) => ({ ...payee(credit.account), booking_id: credit.id, document_id: credit.document_id, document_number: credit.document_number, amount_cents: toCents(credit.amount) ?? 0, discount_cents: 0 })),
    ]
    const { transfers, refused } = groupTransfers(lines, grouping)
    if (refused.length > 0) throw badPaymentInput('runs', 'credit_note_ids', 'creditExceeds', { account: String(refused[0]) })
    const totalCents = transfers.reduce((sum, transfer) => sum + transfer.amount_cents, 0)
    const id = await insertRun(trx, {
      company_no: data.company_no,
      status: 'created',
      pain_version: version,
      grouping,
      execution_date: data.execution_date,
      debtor_name: debtorName,
      debtor_iban: debtorIban,
      debtor_bic: policy.debtor_bic,
      message_id: '',
      count: chosen.length,
      total: formatCents(totalCents),
      release_required: policy.run_release_required,
      created_by: actor.id,
      created_by_name: actor.name,
    })
    const messageId = `PORTAL-${data.company_no}-${id}`
    const withIds = transfers.map((transfer, index) => ({ ...transfer, endToEndId: `R${id}-${index + 1}` }))
    const itemRows = withIds.flatMap((transfer) =>
      transfer.lines.map((line) => {
        const full = line as (typeof lines)[number]
        return {
          run_id: id,
          company_no: data.company_no,
          booking_id: full.booking_id,
          document_id: full.document_id,
          account: full.account,
          document_number: full.document_number,
          creditor_name: full.creditor_name,
          creditor_iban: full.creditor_iban,
          amount: formatCents(full.amount_cents),
          discount: formatCents(full.discount_cents),
          end_to_end_id: transfer.endToEndId,
        }
      }),
    )
    await insertRunItems(trx, itemRows)
    const xml = writePain001({
      version,
      messageId,
      createdAt: new Date().toISOString().slice(0, 19),
      initiatingParty: debtorName,
      paymentInfoId: `${messageId}-1`,
      executionDate: data.execution_date,
      debtorName: debtorName,
      debtorIban,
      debtorBic: policy.debtor_bic,
      transfers: withIds.map((transfer) => ({ endToEndId: transfer.endToEndId, amountCents: transfer.amount_cents, creditorName: transfer.creditor_name, creditorIban: transfer.creditor_iban, remittance: transfer.remittance })),
    })
    await keepRunFile(trx, id, { file: xml, file_sha256: createHash('sha256').update(xml, 'utf8').digest('hex'), message_id: messageId })
    await appendAudit(trx, [
      { actor, action: 'paymentRun.create', entity: 'payment_runs', targetId: String(id), targetLabel: messageId, companyNo: data.company_no, after: { count: chosen.length, total: formatCents(totalCents), execution_date: data.execution_date, pain_version: version, grouping } },
    ])
    return { id, itemRows }
  })
  const run = (await paymentRun(knex, stored.id, stored.itemRows))!
  app.service('payment-runs').emit('created', asListed(run))
  await emitRunItems(app, run)
  return run
}

/**
 * A run as the open screens list it (find's shape, without its items): its events reach every open screen of the
 * company, which read the list again; a thousand items each of them would receive and not read. The caller's answer
 * and `get` carry the items.
 */
export function asListed(run: PaymentRunRecord): PaymentRunRecord {
  return { ...run, items: [] }
}

/**
 * Tells the company's open unpaid-item lists that a run took its invoices (in payment) or gave them back: one item's
 * `patched`, on which every list reads its page and totals again — a thousand events would make each open screen read
 * a thousand times.
 */
export async function emitRunItems(app: Application, run: PaymentRunRecord): Promise<void> {
  const first = run.items.find((item) => Number(item.amount) > 0)
  const item = first ? await openItemOf(app.get('knex'), first.booking_id, viennaToday()) : undefined
  if (item && item.open !== '0.00') app.service('unpaid-items').emit('patched', item)
}
