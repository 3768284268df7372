/**
 * The business rules of EN 16931-1 (BR-…, BR-CO-…, BR-S/Z/E/AE/IC/G/O-…), written by us from their published
 * descriptions (rule id and meaning) over the fields an e-invoice reader takes from the XML; amounts compared in cents.
 */
import { blank, cents, near, sameRate, sumCents, withinUnit } from './amounts'
import type { EInvoiceRuleFacts } from './facts'

/** The EN 16931 rules this implementation checks, with their flag. */
export const EN16931_RULES = {
  'BR-01': 'fatal', 'BR-02': 'fatal', 'BR-03': 'fatal', 'BR-04': 'fatal', 'BR-05': 'fatal', 'BR-06': 'fatal',
  'BR-07': 'fatal', 'BR-08': 'fatal', 'BR-09': 'fatal', 'BR-10': 'fatal', 'BR-11': 'fatal', 'BR-12': 'fatal',
  'BR-13': 'fatal', 'BR-14': 'fatal', 'BR-15': 'fatal', 'BR-16': 'fatal', 'BR-22': 'fatal', 'BR-23': 'fatal',
  'BR-24': 'fatal', 'BR-25': 'fatal', 'BR-26': 'fatal', 'BR-27': 'fatal', 'BR-31': 'fatal', 'BR-32': 'fatal', 'BR-36': 'fatal',
  'BR-37': 'fatal', 'BR-45': 'fatal', 'BR-46': 'fatal', 'BR-47': 'fatal',
  'BR-48': 'fatal', 'BR-61': 'fatal',
  'BR-CO-04': 'fatal', 'BR-CO-09': 'fatal',
  'BR-CO-10': 'fatal', 'BR-CO-11': 'fatal', 'BR-CO-12': 'fatal', 'BR-CO-13': 'fatal', 'BR-CO-14': 'fatal',
  'BR-CO-15': 'fatal', 'BR-CO-16': 'fatal', 'BR-CO-17': 'fatal', 'BR-CO-18': 'fatal', 'BR-CO-25': 'fatal', 'BR-CO-26': 'fatal',
  'BR-S-01': 'fatal', 'BR-Z-01': 'fatal', 'BR-E-01': 'fatal', 'BR-AE-01': 'fatal', 'BR-IC-01': 'fatal', 'BR-G-01': 'fatal',
  'BR-O-01': 'fatal',
  'BR-S-02': 'fatal', 'BR-S-03': 'fatal', 'BR-S-04': 'fatal', 'BR-S-05': 'fatal', 'BR-S-06': 'fatal', 'BR-S-07': 'fatal', 'BR-S-08': 'fatal', 'BR-S-09': 'fatal',
  'BR-Z-02': 'fatal', 'BR-Z-03': 'fatal', 'BR-Z-04': 'fatal', 'BR-Z-05': 'fatal', 'BR-Z-06': 'fatal', 'BR-Z-07': 'fatal', 'BR-Z-08': 'fatal', 'BR-Z-09': 'fatal', 'BR-Z-10': 'fatal',
  'BR-E-02': 'fatal', 'BR-E-03': 'fatal', 'BR-E-04': 'fatal', 'BR-E-05': 'fatal', 'BR-E-06': 'fatal', 'BR-E-07': 'fatal', 'BR-E-08': 'fatal', 'BR-E-09': 'fatal', 'BR-E-10': 'fatal',
  'BR-AE-02': 'fatal', 'BR-AE-03': 'fatal', 'BR-AE-04': 'fatal', 'BR-AE-05': 'fatal', 'BR-AE-06': 'fatal', 'BR-AE-07': 'fatal', 'BR-AE-08': 'fatal', 'BR-AE-09': 'fatal', 'BR-AE-10': 'fatal',
  'BR-IC-02': 'fatal', 'BR-IC-03': 'fatal', 'BR-IC-04': 'fatal', 'BR-IC-05': 'fatal', 'BR-IC-06': 'fatal', 'BR-IC-07': 'fatal', 'BR-IC-08': 'fatal', 'BR-IC-09': 'fatal', 'BR-IC-10': 'fatal',
  'BR-G-02': 'fatal', 'BR-G-03': 'fatal', 'BR-G-04': 'fatal', 'BR-G-05': 'fatal', 'BR-G-06': 'fatal', 'BR-G-07': 'fatal', 'BR-G-08': 'fatal', 'BR-G-09': 'fatal', 'BR-G-10': 'fatal',
  'BR-O-05': 'fatal', 'BR-O-06': 'fatal', 'BR-O-07': 'fatal', 'BR-O-08': 'fatal', 'BR-O-09': 'fatal', 'BR-O-10': 'fatal',
  'BR-O-11': 'fatal', 'BR-O-12': 'fatal', 'BR-O-13': 'fatal', 'BR-O-14': 'fatal',
} as const

export type En16931RuleId = keyof typeof EN16931_RULES
type Broken = (id: En16931RuleId, where: string) => void

/** The VAT categories without tax, and whether their breakdown needs an exemption reason. */
const ZERO_CATEGORIES: Record<string, { prefix: string; reason: boolean | 'none' }> = {
  Z: { prefix: 'BR-Z', reason: 'none' },
  E: { prefix: 'BR-E', reason: true },
  AE: { prefix: 'BR-AE', reason: true },
  // Intra-community supply: EN 16931 names its rules BR-IC-….
  K: { prefix: 'BR-IC', reason: true },
  G: { prefix: 'BR-G', reason: true },
  O: { prefix: 'BR-O', reason: true },
}

/** The rule prefix of each VAT category checked. */
const CATEGORY_PREFIX: Record<string, string> = { S: 'BR-S', ...Object.fromEntries(Object.entries(ZERO_CATEGORIES).map(([code, { prefix }]) => [code, prefix])) }

/** The untaxed ones whose lines and breakdown carry rate 0 (O carries none). */
const RATE_ZERO = new Set(['Z', 'E', 'AE', 'K', 'G'])

/** A VAT id starts with its country's two letters (ISO 3166-1 alpha-2; Greece EL): BR-CO-09. */
const VAT_ID_PREFIX = /^[A-Z]{2}/

/** Payment means that are credit transfers (BR-61: 30, 58; XRechnung's BR-DE-23-a as well). */
export const CREDIT_TRANSFER = new Set(['30', '58'])

/** Sum of line nets plus charges minus allowances in one category (and rate, for S). */
function categoryBasis(facts: EInvoiceRuleFacts, category: string, rate: string | null | undefined): number {
  const matches = (entryCategory: string | null, entryRate: string | null) =>
    entryCategory === category && (rate === undefined || sameRate(entryRate, rate))
  const lines = sumCents(facts.lines.filter((line) => matches(line.category, line.rate)).map((line) => line.net))
  const entries = facts.allowances_charges.filter((entry) => matches(entry.category, entry.rate))
  const charges = sumCents(entries.filter((entry) => entry.charge).map((entry) => entry.amount))
  const allowances = sumCents(entries.filter((entry) => !entry.charge).map((entry) => entry.amount))
  return lines + charges - allowances
}

/** The EN 16931 rules that hold for every invoice. */
function coreRules(facts: EInvoiceRuleFacts, broken: Broken): void {
  const { totals } = facts
  if (blank(facts.specification)) broken('BR-01', 'BT-24')
  if (blank(facts.invoice_number)) broken('BR-02', 'BT-1')
  if (blank(facts.issue_date)) broken('BR-03', 'BT-2')
  if (blank(facts.type_code)) broken('BR-04', 'BT-3')
  if (blank(facts.currency)) broken('BR-05', 'BT-5')
  if (blank(facts.seller.name)) broken('BR-06', 'BT-27')
  if (blank(facts.buyer.name)) broken('BR-07', 'BT-44')
  const sellerAddress = [facts.seller.country, facts.seller.city, facts.seller.postcode]
  if (sellerAddress.every(blank)) broken('BR-08', 'BG-5')
  else if (blank(facts.seller.country)) broken('BR-09', 'BT-40')
  const buyerAddress = [facts.buyer.country, facts.buyer.city, facts.buyer.postcode]
  if (buyerAddress.every(blank)) broken('BR-10', 'BG-8')
  else if (blank(facts.buyer.country)) broken('BR-11', 'BT-55')
  if (blank(totals.lines)) broken('BR-12', 'BT-106')
  if (blank(totals.net)) broken('BR-13', 'BT-109')
  if (blank(totals.gross)) broken('BR-14', 'BT-112')
  if (blank(totals.due)) broken('BR-15', 'BT-115')
  if (facts.lines.length === 0) broken('BR-16', 'BG-25')
  facts.lines.forEach((line, index) => {
    const where = `BG-25[${index + 1}]`
    if (blank(line.quantity)) broken('BR-22', `${where}/BT-129`)
    if (blank(line.unit)) broken('BR-23', `${where}/BT-130`)
    if (blank(line.net)) broken('BR-24', `${where}/BT-131`)
    if (blank(line.name)) broken('BR-25', `${where}/BT-153`)
    if (blank(line.price)) broken('BR-26', `${where}/BT-146`)
    else if ((cents(line.price) ?? 0) < 0) broken('BR-27', `${where}/BT-146`)
  })
  facts.tax_breakdown.forEach((tax, index) => {
    const where = `BG-23[${index + 1}]`
    if (blank(tax.basis)) broken('BR-45', `${where}/BT-116`)
    if (blank(tax.tax)) broken('BR-46', `${where}/BT-117`)
    if (blank(tax.category)) broken('BR-47', `${where}/BT-118`)
    if (blank(tax.rate) && tax.category !== 'O') broken('BR-48', `${where}/BT-119`)
  })
  const transfer = facts.payment_means_codes.some((code) => CREDIT_TRANSFER.has(code))
  if (transfer && facts.payment_accounts.length === 0) broken('BR-61', 'BT-84')
  facts.allowances_charges.forEach((entry, index) => {
    const where = entry.charge ? `BG-21[${index + 1}]` : `BG-20[${index + 1}]`
    if (blank(entry.amount)) broken(entry.charge ? 'BR-36' : 'BR-31', `${where}/${entry.charge ? 'BT-99' : 'BT-92'}`)
    if (blank(entry.category)) broken(entry.charge ? 'BR-37' : 'BR-32', `${where}/${entry.charge ? 'BT-102' : 'BT-95'}`)
  })
  facts.lines.forEach((line, index) => {
    if (blank(line.category)) broken('BR-CO-04', `BG-25[${index + 1}]/BT-151`)
  })
  const vatIds: Array<[string | null, string]> = [
    [facts.seller.vat_id, 'BT-31'],
    [facts.seller.tax_representative_vat_id, 'BT-63'],
    [facts.buyer.vat_id, 'BT-48'],
  ]
  for (const [id, where] of vatIds) if (!blank(id) && !VAT_ID_PREFIX.test((id ?? '').trim())) broken('BR-CO-09', where)

  // The sums (BR-CO-10 … BR-CO-16), each where the amounts it relates are present.
  const lineSum = sumCents(facts.lines.map((line) => line.net))
  const lineTotal = cents(totals.lines)
  if (lineTotal !== null && lineTotal !== lineSum) broken('BR-CO-10', 'BT-106')
  const entries = facts.allowances_charges
  const allowances = sumCents(entries.filter((entry) => !entry.charge).map((entry) => entry.amount))
  const charges = sumCents(entries.filter((entry) => entry.charge).map((entry) => entry.amount))
  if (cents(totals.allowances) !== null && cents(totals.allowances) !== allowances) broken('BR-CO-11', 'BT-107')
  if (cents(totals.charges) !== null && cents(totals.charges) !== charges) broken('BR-CO-12', 'BT-108')
  const net = cents(totals.net)
  if (net !== null && lineTotal !== null && net !== lineTotal - (cents(totals.allowances) ?? 0) + (cents(totals.charges) ?? 0)) {
    broken('BR-CO-13', 'BT-109')
  }
  const tax = cents(totals.tax)
  if (tax !== null && !near(tax, sumCents(facts.tax_breakdown.map((line) => line.tax)))) broken('BR-CO-14', 'BT-110')
  const gross = cents(totals.gross)
  if (gross !== null && net !== null && gross !== net + (tax ?? 0)) broken('BR-CO-15', 'BT-112')
  const due = cents(totals.due)
  const thirdParty = cents(totals.third_party) ?? 0
  if (due !== null && gross !== null && due !== gross - (cents(totals.prepaid) ?? 0) + (cents(totals.rounding) ?? 0) + thirdParty) {
    broken('BR-CO-16', 'BT-115')
  }
  facts.tax_breakdown.forEach((line, index) => {
    const basis = cents(line.basis)
    const amount = cents(line.tax)
    if (basis === null || amount === null || blank(line.rate)) return
    if (!withinUnit(amount, Math.round((basis * Number(line.rate)) / 100))) broken('BR-CO-17', `BG-23[${index + 1}]/BT-117`)
  })
  if (facts.tax_breakdown.length === 0) broken('BR-CO-18', 'BG-23')
  if (due !== null && due > 0 && blank(facts.due_date) && blank(facts.payment_terms)) broken('BR-CO-25', 'BT-9')
  if ([facts.seller.identifier, facts.seller.vat_id].every(blank)) broken('BR-CO-26', 'BT-29')
}

/** The rules of each VAT category (BR-S, BR-Z, BR-E, BR-AE, BR-K, BR-G, BR-O). */
function categoryRules(facts: EInvoiceRuleFacts, broken: Broken): void {
  // -01: a category used by a line, allowance or charge has its line in the VAT breakdown.
  for (const [category, prefix] of Object.entries(CATEGORY_PREFIX)) {
    const used = facts.lines.some((line) => line.category === category) || facts.allowances_charges.some((entry) => entry.category === category)
    if (used && !facts.tax_breakdown.some((tax) => tax.category === category)) broken(`${prefix}-01` as En16931RuleId, 'BG-23')
  }
  facts.lines.forEach((line, index) => {
    const where = `BG-25[${index + 1}]/BT-152`
    if (line.category === 'S' && !(Number(line.rate ?? 0) > 0)) broken('BR-S-05', where)
    if (line.category && RATE_ZERO.has(line.category) && Number(line.rate ?? 0) !== 0) {
      broken(`${ZERO_CATEGORIES[line.category].prefix}-05` as En16931RuleId, where)
    }
    if (line.category === 'O' && !blank(line.rate)) broken('BR-O-05', where)
  })
  // -02, -03, -04: reverse charge and intra-community supply name the VAT ids of both sides, for a line (-02), a
  // document level allowance (-03) or charge (-04) of that category.
  const { seller, buyer } = facts
  const identified = {
    AE: !(blank(seller.vat_id) && blank(seller.tax_registration) && blank(seller.tax_representative_vat_id)) && !(blank(buyer.vat_id) && blank(buyer.identifier)),
    K: !(blank(seller.vat_id) && blank(seller.tax_representative_vat_id)) && !blank(buyer.vat_id),
  }
  // S, Z and E name the seller's VAT id, tax number or tax representative; an export (G) its VAT id or tax representative.
  const sellerTaxId = !(blank(seller.vat_id) && blank(seller.tax_registration) && blank(seller.tax_representative_vat_id))
  const sellerVatId = !(blank(seller.vat_id) && blank(seller.tax_representative_vat_id))
  const sellerIdentified: Record<string, boolean> = { S: sellerTaxId, Z: sellerTaxId, E: sellerTaxId, G: sellerVatId, ...identified }
  for (const [category, ok] of Object.entries(sellerIdentified)) {
    if (ok) continue
    const prefix = CATEGORY_PREFIX[category]
    const where = 'BT-31'
    if (facts.lines.some((line) => line.category === category)) broken(`${prefix}-02` as En16931RuleId, where)
    if (facts.allowances_charges.some((entry) => !entry.charge && entry.category === category)) broken(`${prefix}-03` as En16931RuleId, where)
    if (facts.allowances_charges.some((entry) => entry.charge && entry.category === category)) broken(`${prefix}-04` as En16931RuleId, where)
  }
  // -06, -07: a document level allowance (-06) or charge (-07) carries its category's rate: above 0 for S, 0 for the
  // untaxed ones, none for O.
  facts.allowances_charges.forEach((entry, index) => {
    const prefix = entry.category ? CATEGORY_PREFIX[entry.category] : undefined
    if (!prefix || !entry.category) return
    const rate = Number(entry.rate ?? 0)
    const wrong = entry.category === 'S' ? !(rate > 0) : entry.category === 'O' ? !blank(entry.rate) : rate !== 0
    const where = entry.charge ? `BG-21[${index + 1}]/BT-103` : `BG-20[${index + 1}]/BT-96`
    if (wrong) broken(`${prefix}-${entry.charge ? '07' : '06'}` as En16931RuleId, where)
  })
  // BR-O-11 … -14: "not subject to VAT" stands alone.
  if (facts.tax_breakdown.some((tax) => tax.category === 'O')) {
    if (facts.tax_breakdown.some((tax) => tax.category !== 'O')) broken('BR-O-11', 'BG-23')
    if (facts.lines.some((line) => line.category !== 'O')) broken('BR-O-12', 'BG-25/BT-151')
    if (facts.allowances_charges.some((entry) => !entry.charge && entry.category !== 'O')) broken('BR-O-13', 'BG-20/BT-95')
    if (facts.allowances_charges.some((entry) => entry.charge && entry.category !== 'O')) broken('BR-O-14', 'BG-21/BT-102')
  }

  facts.tax_breakdown.forEach((tax, index) => {
    const where = `BG-23[${index + 1}]`
    const basis = cents(tax.basis)
    const amount = cents(tax.tax)
    if (tax.category === 'S') {
      if (basis !== null && !near(basis, categoryBasis(facts, 'S', tax.rate))) broken('BR-S-08', `${where}/BT-116`)
      const expected = basis === null ? null : Math.round((basis * Number(tax.rate ?? 0)) / 100)
      if (expected !== null && amount !== null && !withinUnit(amount, expected)) broken('BR-S-09', `${where}/BT-117`)
      return
    }
    const zero = tax.category ? ZERO_CATEGORIES[tax.category] : undefined
    if (!zero || !tax.category) return
    if (basis !== null && !near(basis, categoryBasis(facts, tax.category, undefined))) broken(`${zero.prefix}-08` as En16931RuleId, `${where}/BT-116`)
    if (amount !== null && amount !== 0) broken(`${zero.prefix}-09` as En16931RuleId, `${where}/BT-117`)
    const hasReason = !blank(tax.exemption)
    if (zero.reason === 'none' ? hasReason : !hasReason) broken(`${zero.prefix}-10` as En16931RuleId, `${where}/BT-120`)
  })
}

/** Every EN 16931 rule above: the rules that hold for every invoice, then those of each VAT category. */
export function en16931Rules(facts: EInvoiceRuleFacts, broken: Broken): void {
  coreRules(facts, broken)
  categoryRules(facts, broken)
}
