import { formatCents } from './booking'
import { daysBetween, discountOn } from './openItems'

/** The pain.001 versions a run is written in: .09 (current), .03 (for banks that still need it). */
export const PAIN_VERSIONS = ['pain.001.001.09', 'pain.001.001.03'] as const

/** One pain.001 version. */
export type PainVersion = (typeof PAIN_VERSIONS)[number]

/** One credit transfer per invoice, or one per supplier (its invoices, less its credit notes, in one amount). */
export const RUN_GROUPINGS = ['invoice', 'supplier'] as const

/** One grouping. */
export type RunGrouping = (typeof RUN_GROUPINGS)[number]

/** A run's life: created (file written) → released (second person, when the company asks for it) → sent; or cancelled. */
export const RUN_STATUSES = ['created', 'released', 'sent', 'cancelled'] as const

/** One run status. */
export type RunStatus = (typeof RUN_STATUSES)[number]

/** Longest remittance text of a SEPA credit transfer (EPC: one unstructured line of 140). */
export const SEPA_REMITTANCE_MAX = 140
/** Longest name of a party in a SEPA credit transfer (EPC: 70). */
export const SEPA_NAME_MAX = 70
/** Days ahead the portal proposes by default: invoices due within them. */
export const PROPOSAL_DAYS_DEFAULT = 14

const TRANSLITERATION: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss', '&': '+', _: '-' }

/**
 * Text in the EPC's basic Latin character set of SEPA (a–z A–Z 0–9 / - ? : ( ) . , ' + and space): umlauts spelled out,
 * accents dropped, anything else a space; spaces collapsed, cut at `max`.
 */
export function sepaText(text: string, max: number): string {
  const spelled = [...text].map((char) => TRANSLITERATION[char] ?? char).join('')
  const plain = spelled.normalize('NFD').replace(/[\u0300-\u036f]/g, '')
  return plain
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim()
}

/** An open supplier invoice as the proposal weighs it (amounts in cents). */
export interface ProposableItem {
  id: number
  account: number
  due_date: string
  gross_cents: number
  paid_cents: number
  open_cents: number
  discount_percent: number | null
  discount_due_date: string | null
  approved: boolean
  in_run: boolean
}

/** What a run pays of one item: the amount and the discount it takes (while the discount still applies on the execution date). */
export interface RunLine {
  id: number
  amount_cents: number
  discount_cents: number
}

/**
 * What the run pays of an item on the execution date: what is open, less the discount while it applies then; a part
 * payment (`partCents`, less than that) pays only that much and takes no discount.
 */
export function runLineOf(item: ProposableItem, executionDate: string, partCents?: number): RunLine {
  const discount = discountOn({ grossCents: item.gross_cents, percent: item.discount_percent, discountDueDate: item.discount_due_date, paidCents: item.paid_cents }, executionDate)
  const full = item.open_cents - (discount.applies ? discount.amountCents : 0)
  if (partCents !== undefined && partCents < full) return { id: item.id, amount_cents: partCents, discount_cents: 0 }
  return { id: item.id, amount_cents: full, discount_cents: discount.applies ? discount.amountCents : 0 }
}

/**
 * The portal's proposal: approved items not yet in a run that are due within `days` of the execution date, or whose
 * discount is still open on it; those with an open discount first (earliest deadline first), then by due date.
 */
export function proposeItems(items: readonly ProposableItem[], executionDate: string, days: number = PROPOSAL_DAYS_DEFAULT): RunLine[] {
  const discountOpen = (item: ProposableItem) =>
    item.discount_due_date !== null && item.paid_cents === 0 && (item.discount_percent ?? 0) > 0 && daysBetween(executionDate, item.discount_due_date) >= 0
  const chosen = items.filter((item) => item.approved && !item.in_run && item.open_cents > 0 && (discountOpen(item) || daysBetween(executionDate, item.due_date) <= days))
  const key = (item: ProposableItem) => (discountOpen(item) ? `0${item.discount_due_date}` : `1${item.due_date}`)
  return [...chosen].sort((a, b) => key(a).localeCompare(key(b)) || a.id - b.id).map((item) => runLineOf(item, executionDate))
}

/** A payee's line of a run (an invoice, or a credit note set off with a negative amount). */
export interface PayeeLine {
  booking_id: number
  account: number
  creditor_name: string
  creditor_iban: string
  document_number: string | null
  amount_cents: number
}

/** One credit transfer of the file: its payee, amount, remittance text and the lines it pays. */
export interface Transfer {
  account: number
  creditor_name: string
  creditor_iban: string
  amount_cents: number
  remittance: string
  lines: PayeeLine[]
}

/**
 * How a run's remittance names a booking: its document number, or the portal's own "Beleg <booking id>" when it has
 * none. The bank matching knows every open item by this name too (bankMatching's buildMatchIndex), so such a debit is
 * settled as well.
 */
export function remittanceName(line: Pick<PayeeLine, 'booking_id' | 'document_number'>): string {
  return line.document_number ?? portalReference(line.booking_id)
}

/** The portal's own name of a booking without a document number in a remittance. */
export function portalReference(bookingId: number): string {
  return `Beleg ${bookingId}`
}

const remittanceOf = (lines: readonly PayeeLine[]) => sepaText(lines.map(remittanceName).join(', '), SEPA_REMITTANCE_MAX)

/**
 * The transfers of a run: one per invoice, or one per supplier (its invoices less its credit notes, split so every
 * remittance names all of its invoice numbers within 140 characters). A supplier whose credit notes exceed its invoices
 * is left out (nothing to pay); `refused` names them.
 */
export function groupTransfers(lines: readonly PayeeLine[], grouping: RunGrouping): { transfers: Transfer[]; refused: number[] } {
  const single = (group: PayeeLine[]): Transfer => ({
    account: group[0].account,
    creditor_name: group[0].creditor_name,
    creditor_iban: group[0].creditor_iban,
    amount_cents: group.reduce((sum, line) => sum + line.amount_cents, 0),
    remittance: remittanceOf(group),
    lines: group,
  })
  if (grouping === 'invoice') {
    const refused = lines.filter((line) => line.amount_cents <= 0).map((line) => line.account)
    return { transfers: lines.filter((line) => line.amount_cents > 0).map((line) => single([line])), refused }
  }
  const bySupplier = new Map<string, PayeeLine[]>()
  for (const line of lines) bySupplier.set(`${line.account}:${line.creditor_iban}`, [...(bySupplier.get(`${line.account}:${line.creditor_iban}`) ?? []), line])
  const transfers: Transfer[] = []
  const refused: number[] = []
  for (const group of bySupplier.values()) {
    if (group.reduce((sum, line) => sum + line.amount_cents, 0) <= 0) {
      refused.push(group[0].account)
      continue
    }
    // Credit notes first, so they sit in the first transfer with invoices that outweigh them.
    const ordered = [...group].sort((a, b) => a.amount_cents - b.amount_cents)
    let current: PayeeLine[] = []
    for (const line of ordered) {
      const next = [...current, line]
      const fits = remittanceOf(next).length < SEPA_REMITTANCE_MAX && next.map((entry) => entry.document_number ?? '').join(', ').length <= SEPA_REMITTANCE_MAX
      if (current.length > 0 && !fits && current.reduce((sum, entry) => sum + entry.amount_cents, 0) > 0) {
        transfers.push(single(current))
        current = [line]
      } else current = next
    }
    if (current.length > 0) transfers.push(single(current))
  }
  return { transfers, refused }
}

/** The sum of cent amounts as the file writes it ('1234.50'); integers only, so no float sums. */
export function centsTotal(amounts: readonly number[]): string {
  return formatCents(amounts.reduce((sum, cents) => sum + cents, 0))
}
