import { iban as ibanRule, normalizeIban, normalizeVatId, VAT_ID_FORMATS, vatId as vatIdRule } from '@portal/sdk/validators'
import { SOURCE_PDF_PARSE } from '../sources'
import { repairOcrIban } from './iban-repair'
import type { Candidate, FieldName } from '../types'
import { compactId, type ClientPlacement } from './client-party'
import { rangeBox, type Doc, type DocLine } from './document'
import { POSTCODE_TOWN } from './parties'

// Groups may stand up to three spaces apart (OCR's gaps between words; a speck read as a dot); the
// check digits may be letters of a digit's shape (a scan's "NLS0…"), which only the repair accepts.
const IBAN = /(?<![A-Z0-9])([A-Z]{2}[0-9OISZBGDQL]{2}(?:[ .]{0,3}[A-Z0-9]{4}){2,7}(?:[ .]{0,3}[A-Z0-9]{1,4})?)(?![A-Z0-9])/g
const VAT_PREFIXES = [...Object.keys(VAT_ID_FORMATS), 'GB', 'CH'].join('|')
const VAT = new RegExp(`(?<![A-Z0-9])(${VAT_PREFIXES})[ .-]?([0-9A-Z](?:[ .]?[0-9A-Z+*]){1,13})`, 'g')
const BIC = /(?<!\p{L})(?:BIC|SWIFT)(?:[- ]?Code)?\s*[:.]?\s*([A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)(?![A-Z0-9])/u
const FN = /(?<!\p{L})(?:FN|Firmenbuch(?:nummer)?|FB-?Nr\.?)\s*[:.]?\s*(\d{1,6}) ?([a-z])(?![\p{L}\d])/iu

const BUYER_HINT = /(kunde|käufer|leistungsempfänger|rechnungsempfänger|empfänger|ihre|your|customer|client|buyer|acheteur|bill to|invoice to)/i
const PAYER_HINT = /(lastschrift|abgebucht|abbuchen|eingezogen|einziehen|einzug|direct debit|ihr(em)? konto|your account|prélèvement|debited)/i
// A section heading is a line of its own ("Verkäufer", "Käufer/Leistungsempfänger:"), not "Kunde: 4711".
const SECTION_SELLER = /^(verkäufer|lieferant|seller|supplier|vendor|rechnungssteller|leistungserbringer)\s*:?$/i
const SECTION_BUYER = /^(käufer|kunde|buyer|customer|rechnungsempfänger|leistungsempfänger|käufer\/leistungsempfänger|bill to|invoice to)\s*:?$/i
/** A section ends after this many lines: headings govern their address block, not the rest of the page. */
const SECTION_LINES = 12
// Countries outside the EU whose VAT ids appear on EU invoices; the SDK validator covers the EU only.
const NON_EU_VAT: Record<string, RegExp> = { GB: /^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/, CH: /^CHE\d{9}(MWST|TVA|IVA)?$/ }

function make(field: FieldName, value: string, confidence: number, line: DocLine, index: number, length: number, label?: string): Candidate {
  return {
    field,
    value,
    source: SOURCE_PDF_PARSE,
    confidence,
    page: line.page,
    box: rangeBox(line, index, length),
    ...(label ? { label } : {}),
  }
}

interface Found {
  value: string
  line: DocLine
  index: number
  length: number
}

/**
 * The longest prefix of a printed IBAN-like match, cut character by character from its end, that passes the IBAN
 * checksum (with `rest` after it, when the IBAN goes on elsewhere); null when none does.
 */
function checkingPrefix(printed: string, rest = ''): string | null {
  let head = printed
  while (head.length > 0) {
    if (ibanRule(rest ? `${head} ${rest}` : head) === null) return head
    const shorter = head.replace(/ *[A-Z0-9]$/, '')
    if (shorter === head) return null
    head = shorter
  }
  return null
}

/**
 * An IBAN wrapped in a narrow column ("DE67 1004 8392 7221" over "8882 72"): the segment of the next line that starts
 * under it completes it when the whole passes the checksum, which no chance pairing of digits does.
 */
function wrappedIban(line: DocLine, next: DocLine | undefined, printed: string, index: number): { value: string; length: number } | null {
  if (!next || next.page !== line.page) return null
  const box = rangeBox(line, index, printed.length)
  if (next.line.box.y - (box.y + box.height) > box.height) return null
  const below = next.line.segments.find((segment) => Math.abs(segment.box.x - box.x) < box.height)
  const continuation = /^[A-Z0-9]{1,4}(?: ?[A-Z0-9]{1,4}){0,3}(?![A-Z0-9])/.exec(below?.text.trim() ?? '')?.[0]
  if (!continuation) return null
  // The match may run on into the next column ("AT61 1904 3002   RZSTAT2G"): the wrapped part is a prefix of it.
  const head = checkingPrefix(printed, continuation)
  return head === null ? null : { value: normalizeIban(`${head} ${continuation}`), length: head.length }
}

/** Valid IBANs (checksum) in a line; a match with trailing extra characters is shortened until it checks. */
function ibansIn(line: DocLine, previous: DocLine | undefined, next: DocLine | undefined): Array<Found & { checked: boolean; repaired?: boolean }> {
  const found: Array<Found & { checked: boolean; repaired?: boolean }> = []
  for (const match of line.text.matchAll(IBAN)) {
    // Same length, so positions on the line still hold.
    const printed = match[1].replace(/\./g, ' ')
    const raw = checkingPrefix(printed)
    if (raw !== null) {
      found.push({ value: normalizeIban(raw), line, index: match.index, length: raw.length, checked: true })
      continue
    }
    const wrapped = wrappedIban(line, next, printed, match.index)
    if (wrapped) {
      found.push({ value: wrapped.value, line, index: match.index, length: wrapped.length, checked: true })
      continue
    }
    // A scan's O for 0 or B for 8 where the country's format allows only the other.
    const repaired = repairOcrIban(printed)
    if (repaired) {
      found.push({ value: repaired, line, index: match.index, length: printed.length, checked: true, repaired: true })
      continue
    }
    // Sample invoices print made-up IBANs; right after an "IBAN" label the shape is enough, trusted less.
    const before = line.text.slice(Math.max(0, match.index - 20), match.index)
    const labelled = /IBAN[^A-Z0-9]*$/i.test(before) || (before.trim() === '' && /IBAN\W*$/i.test(previous?.text ?? ''))
    if (labelled && /^[A-Z]{2}\d{2}/.test(printed) && printed.replace(/ /g, '').length >= 15) {
      found.push({ value: normalizeIban(printed), line, index: match.index, length: printed.length, checked: false })
    }
  }
  return found
}

// A VAT id's label just before it ("UID-Nr.:", "USt.-Id.-Nr.", "VAT Registration No.", "N° TVA"), or alone on the line above.
const VAT_LABEL = /(?<!\p{L})(?:UID|U\.?\s?St|MwSt|VAT|TVA|IVA|BTW|Umsatzsteuer|Steuer|Tax|Ident)[^0-9]{0,24}$/iu

/**
 * VAT ids in a line: those valid per the SDK validator (a match with trailing extra characters is shortened until it
 * checks) and, marked unchecked, an id of the right shape whose check digit fails, but only right after a VAT-id
 * label. An invoice printing a wrong UID is one the accountant must see (no input tax without the supplier's valid
 * UID): the value is read as printed and the review's validation shows that its check fails.
 */
function vatIdsIn(line: DocLine, masked: string, previous: DocLine | undefined, unreadable: Found[]): Array<Found & { checked: boolean }> {
  const found: Array<Found & { checked: boolean }> = []
  for (const match of masked.matchAll(VAT)) {
    let rest = match[2]
    let shaped: (Found & { checked: boolean }) | null = null
    while (rest.length >= 2) {
      const candidate = normalizeVatId(match[1] + rest)
      const length = match[0].length - (match[2].length - rest.length)
      const nonEu = NON_EU_VAT[candidate.slice(0, 2)]
      const problem = nonEu ? (nonEu.test(candidate) ? null : 'format') : vatIdRule(candidate)?.key
      if (!problem) {
        shaped = { value: candidate, line, index: match.index, length, checked: true }
        break
      }
      // Unchecked, the id must be a whole word: "DE19787878784" is not read as "DE197878787".
      const whole = rest.length === match[2].length || /^\s/.test(match[2].slice(rest.length))
      if (problem === 'validation:vatId.checkFailed' && !shaped && whole) shaped = { value: candidate, line, index: match.index, length, checked: false }
      rest = rest.slice(0, -1).trimEnd()
    }
    const before = line.text.slice(Math.max(0, match.index - 40), match.index)
    const labelled = VAT_LABEL.test(before) || (before.trim() === '' && VAT_LABEL.test(previous?.text.trimEnd().replace(/\s{2,}.*$/, '') ?? ''))
    // A labelled id no reading makes valid ("ATUB8629969", a scan's 6 read as B) is still a party's id.
    if (!shaped) {
      if (labelled) unreadable.push({ value: match[0], line, index: match.index, length: match[0].length })
      continue
    }
    if (shaped.checked || labelled) found.push(shaped)
  }
  return found
}

/** Whether a VAT id stands in an address block: within three lines below a postcode-and-town line, no FN or IBAN on its line. */
function inAddressBlock(doc: Doc, vat: Found): boolean {
  if (FN.test(vat.line.text) || /iban/i.test(vat.line.text)) return false
  for (let index = vat.line.index - 1; index >= Math.max(0, vat.line.index - 3); index -= 1) {
    const line = doc.lines[index]
    if (line.page !== vat.line.page) return false
    // The whole line: a scan may split "3100 St. Pölten" into pieces.
    if (POSTCODE_TOWN.test(line.text.trim())) return true
  }
  return false
}

/**
 * The client's own VAT id to its side, every other one to the other side (in reading order); its own IBAN is the
 * account paid to only on its outgoing invoice: on an incoming one it is at most the account a direct debit draws on.
 */
function placeClientIds(placement: ClientPlacement, vat: { seller: Found[]; buyer: Found[] }, unchecked: { seller: Found[]; buyer: Found[] }, candidates: Candidate[]): void {
  const { client, role } = placement
  const other = role === 'buyer' ? 'seller' : 'buyer'
  const isOwn = (found: Found) => client.vatId !== null && compactId(found.value) === compactId(client.vatId)
  for (const lists of [vat, unchecked]) {
    const all = [...lists.seller, ...lists.buyer]
    if (!all.some(isOwn)) continue
    lists[role] = all.filter(isOwn)
    lists[other] = all.filter((found) => !isOwn(found)).sort((a, b) => a.line.index - b.line.index || a.index - b.index)
  }
  if (!client.iban) return
  for (const candidate of candidates) {
    if (typeof candidate.value !== 'string' || compactId(candidate.value) !== compactId(client.iban)) continue
    if (role === 'buyer' && candidate.field === 'iban') Object.assign(candidate, { field: 'iban_payer_debit', confidence: Math.min(candidate.confidence, 0.5) })
    if (role === 'seller' && candidate.field === 'iban_payer_debit') Object.assign(candidate, { field: 'iban', confidence: 0.8 })
  }
}

/** Seller and buyer VAT ids (valid per the SDK validator), IBAN (payee or debited payer), BIC and FN; the client on its side. */
export function extractIdentifiers(doc: Doc, placement?: ClientPlacement): Candidate[] {
  const candidates: Candidate[] = []
  let sellerVat: Found[] = []
  let buyerVat: Found[] = []
  // Ids whose check digit fails, read only where no valid one stands for that party.
  const uncheckedVat = { seller: [] as Found[], buyer: [] as Found[] }
  const unreadableVat: Found[] = []
  let section: { kind: 'seller' | 'buyer'; from: number } | null = null
  for (const line of doc.lines) {
    const heading = line.line.segments[0]?.text.trim() ?? ''
    if (SECTION_SELLER.test(heading)) section = { kind: 'seller', from: line.index }
    else if (SECTION_BUYER.test(heading)) section = { kind: 'buyer', from: line.index }
    if (section && (line.index - section.from > SECTION_LINES || line.page !== doc.lines[section.from].page)) section = null
    const previous = doc.lines[line.index - 1]
    const ibans = ibansIn(line, previous, doc.lines[line.index + 1])
    for (const iban of ibans) {
      // The line above counts only when it is close: a footer IBAN is not the account a note far above debits.
      const near = previous && previous.page === line.page && line.line.box.y - (previous.line.box.y + previous.line.box.height) < line.line.box.height
      const context = line.text.slice(Math.max(0, iban.index - 60), iban.index) + ' ' + (near ? previous.text : '')
      const payer = PAYER_HINT.test(context)
      const confidence = (payer ? 0.6 : 0.8) * (iban.checked ? 1 : 0.5) * (iban.repaired ? 0.9 : 1)
      candidates.push(make(payer ? 'iban_payer_debit' : 'iban', iban.value, confidence, line, iban.index, iban.length))
    }
    // IBANs look like VAT ids ("DE88 2008 0000 09..."); they are blanked out before VAT ids are searched.
    let masked = line.text
    for (const iban of ibans) masked = masked.slice(0, iban.index) + ' '.repeat(iban.length) + masked.slice(iban.index + iban.length)
    for (const vat of vatIdsIn(line, masked, previous, unreadableVat)) {
      const before = line.text.slice(Math.max(0, vat.index - 40), vat.index)
      const buyer = BUYER_HINT.test(before) || (section?.kind === 'buyer' && !/(unsere|our)/i.test(before))
      if (vat.checked) (buyer ? buyerVat : sellerVat).push(vat)
      else uncheckedVat[buyer ? 'buyer' : 'seller'].push(vat)
    }
    const bic = BIC.exec(line.text)
    if (bic) candidates.push(make('bic', bic[1], 0.7, line, bic.index, bic[0].length))
    const fn = FN.exec(line.text)
    if (fn) candidates.push(make('company_register_number', `${fn[1]}${fn[2].toLowerCase()}`, 0.7, line, fn.index, fn[0].length))
  }
  // Over €10,000 an Austrian invoice prints the buyer's UID in the address block too (§ 11 UStG): with two ids
  // unmarked, the one under a postcode-and-town line without FN or IBAN beside it is the buyer's. So it is when the
  // other, the seller's, is labelled but unreadable: the only valid id is then not the seller's.
  const addressed = sellerVat.filter((vat) => inAddressBlock(doc, vat))
  const otherUnreadable = unreadableVat.some((vat) => !inAddressBlock(doc, vat))
  if (addressed.length > 0 && (addressed.length < new Set(sellerVat.map((vat) => vat.value)).size || otherUnreadable)) {
    for (const vat of addressed) {
      sellerVat.splice(sellerVat.indexOf(vat), 1)
      buyerVat.unshift(vat)
    }
  }
  if (placement) {
    const vat = { seller: sellerVat, buyer: buyerVat }
    placeClientIds(placement, vat, uncheckedVat, candidates)
    ;({ seller: sellerVat, buyer: buyerVat } = vat)
  }
  // The seller's id is the first one not marked as the buyer's; one whose check fails is trusted less.
  const seller = sellerVat[0] ?? uncheckedVat.seller[0]
  const trust = (vat: Found) => (sellerVat.includes(vat) || buyerVat.includes(vat) ? 1 : 0.5)
  if (seller) candidates.push(make('seller_vat_id', seller.value, 0.75 * trust(seller), seller.line, seller.index, seller.length))
  const buyer = buyerVat.find((v) => v.value !== seller?.value) ?? uncheckedVat.buyer.find((v) => v.value !== seller?.value)
  if (buyer) candidates.push(make('buyer_vat_id', buyer.value, 0.6 * trust(buyer), buyer.line, buyer.index, buyer.length))
  return candidates
}
