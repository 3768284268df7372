import { SOURCE_PDF_PARSE } from '../sources'
import { unionBox, type TextSegment } from '../text/layout'
import type { Box, Candidate, FieldName } from '../types'
import { clientNameOnPage, isClientName, type ClientPlacement } from './client-party'
import { rangeBox, type Doc, type DocLine } from './document'

const LEGAL_FORM = /(?<!\p{L})(GmbH(?: & Co\.?(?: KG)?)?|AG|KG|OG|e\.U\.|SE|SARL|SAS|S\.A\.|B\.V\.|N\.V\.|Inc\.|Ltd\.?|LLC|GesmbH|Ges\.m\.b\.H\.|e\.V\.|a\.G\.)(?!\p{L})/u
const SELLER_HEADING = /^(verkäufer|lieferant|seller|supplier|rechnungssteller|leistungserbringer)$/i
const BUYER_HEADING = /^(käufer|kunde|buyer|customer|rechnungsempfänger|leistungsempfänger|käufer\/leistungsempfänger|billto|invoiceto)$/i
const NAME_LABEL = /^(name|firma|company)\s*:\s*/i

function make(field: FieldName, value: string, confidence: number, line: DocLine, index: number): Candidate {
  return { field, value, source: SOURCE_PDF_PARSE, confidence, page: line.page, box: rangeBox(line, index, value.length) }
}

// Lines of a party's block that are not its name: identifiers, addresses on the net.
const NOT_A_NAME =
  /^(?:GLN|ILN|GTIN|EAN)(?!\p{L})|@|https?:|www\.|^(?:liefer-?\s?(?:adresse|anschrift)|rechnungs-?\s?(?:adresse|anschrift)|(?:delivery|shipping|billing|invoice) address|adresse de (?:livraison|facturation)|beträge in|amounts in)/iu

/** Whether a line may be a party's name: more letters than digits, no identifier or contact, no attention line. */
function couldBeName(text: string): boolean {
  const letters = text.match(/\p{L}/gu)?.length ?? 0
  const digits = text.match(/\d/g)?.length ?? 0
  // A postcode and town ("12346 Bad Musterhausen") is an address's last line, not a name.
  return letters >= 2 && letters > digits && !NOT_A_NAME.test(text) && !NOT_ADDRESSEE.test(text) && !POSTCODE_TOWN.test(text.trim())
}

/** "Name: X" within the few lines after a section heading. */
function namedInSection(doc: Doc, heading: RegExp, field: FieldName, skip: (name: string) => boolean): Candidate | null {
  for (const line of doc.lines) {
    // Letter-spaced headings ("Ver käufer :") are compared without their spaces.
    const first = (line.line.segments[0]?.text ?? '').replace(/\s+/g, '')
    if (!heading.test(first.replace(/:$/, ''))) continue
    const following = doc.lines.slice(line.index + 1, line.index + 6).filter((l) => l.page === line.page)
    for (const next of following) {
      const label = NAME_LABEL.exec(next.text)
      const name = label ? next.text.slice(label[0].length).split('   ')[0].trim() : ''
      if (label && !skip(name)) return make(field, name, 0.8, next, label[0].length)
    }
    // Without a "Name:" label the first line that is not a labelled detail ("Nummer   : 4711", its colon standing
    // apart) and reads as a name is the name.
    const plain = following.find((l) => {
      const text = l.line.segments[0]?.text.trim() ?? ''
      return !text.includes(':') && !l.line.segments[1]?.text.trim().startsWith(':') && couldBeName(text) && !skip(text)
    })
    if (plain) return make(field, plain.line.segments[0].text.trim(), 0.5, plain, 0)
  }
  return null
}

/** The first company name with a legal form near the top of the first page: the letterhead. */
function letterhead(doc: Doc, skip: (name: string) => boolean): Candidate | null {
  for (const line of doc.lines) {
    if (line.page !== 1 || line.index > 25) break
    let offset = 0
    for (const segment of line.line.segments) {
      const index = line.text.indexOf(segment.text, offset)
      offset = index + segment.text.length
      const form = LEGAL_FORM.exec(segment.text)
      if (!form || /^(name|firma)\s*:/i.test(segment.text) || /\(c\)|©|copyright/i.test(segment.text)) continue
      // The name ends with its legal form; an address may follow ("Au bon moulin SARL - 1242 chemin ...").
      const name = segment.text.slice(0, form.index + form[0].length).split(/ [-–●|] /).pop()?.trim() ?? ''
      if (name.length > 2 && !skip(name)) return make('seller_name', name, 0.45, line, index + segment.text.indexOf(name))
    }
  }
  return null
}

/** "1060 Wien", "A-8010 Graz", "DE 80331 München": the town line that ends a postal address. */
export const POSTCODE_TOWN = /^(?:[A-Z]{1,2}[- ])?\d{4,5}\s+\p{Lu}/u
// A street and its town on one line: "Landstraße 3, 4020 Linz", "Hauptplatz 1/4, A-8010 Graz".
// The first digit is found without backtracking ([^,\d]*), so a hostile line of thousands of digits stays linear.
const INLINE_ADDRESS = /^(\p{L}[^,\d]*\d[^,]*),\s*((?:[A-Z]{1,2}-)?\d{4,5}\s+\p{Lu}[^,]*)$/u
// Lines of an address block that are not the addressee: attention lines, departments, salutations.
const NOT_ADDRESSEE = /^(z\.\s?h\.?|zh\.|attn|c\/o|herrn?|frau|buchhaltung|einkauf|abteilung|postfach|p\.?\s?o\.?\s?box)\b/i

/** A cell of a column: a segment and the text that follows it on its line, with the box around them. */
interface Run {
  text: string
  box: Box
}

/**
 * `start` and the segments after it on its line that stand no more than a few letters away: one cell of the address
 * column, which a scan's reading may split at a wide word gap ("3100 | St. | Pölten", "Kanzlei Dr. | Hofer GmbH").
 */
function runFrom(line: DocLine, start: TextSegment): Run {
  const segments = line.line.segments
  let last = start
  let run: Run = { text: start.text.trim(), box: start.box }
  for (const next of segments.slice(segments.indexOf(start) + 1)) {
    if (next.box.x - (last.box.x + last.box.width) > 3 * Math.max(last.box.height, next.box.height)) break
    run = { text: `${run.text} ${next.text.trim()}`, box: unionBox([run.box, next.box]) }
    last = next
  }
  return run
}

/** The text of a line within an address window's width from `x` (other columns of the page left out). */
function windowText(line: DocLine, x: number): string {
  return line.line.segments
    .filter((segment) => segment.box.x < x + 250)
    .map((segment) => segment.text.trim())
    .join(' ')
}

/** The sender's one-line return address above the window: several commas, or a postcode and town after a comma. */
function isReturnAddress(text: string): boolean {
  return (text.match(/[,;]/g)?.length ?? 0) >= 2 || /[,;]\s*(?:[A-Z]{1,2}-)?\d{4,5}\s+\p{Lu}|[,;]$/u.test(text)
}

/**
 * The buyer of the window envelope: the first line of the address block that ends with a postcode and town on the
 * first page, above the street; the seller's own letterhead and its one-line return address are not it.
 */
export function addressee(doc: Doc, sellerName: string | null, skip: (name: string) => boolean = () => false): Candidate | null {
  const firstPage = doc.lines.filter((line) => line.page === 1)
  const pageHeight = Math.max(1, ...firstPage.map((line) => line.line.box.y + line.line.box.height))
  const sameName = (a: string, b: string) => a.replace(/[\s,;]+/g, ' ').trim().toLowerCase() === b.replace(/[\s,;]+/g, ' ').trim().toLowerCase()
  for (const town of firstPage) {
    const first = town.line.segments[0]
    if (!first || town.line.box.y > pageHeight * 0.5) continue
    const townText = runFrom(town, first).text
    if (!(POSTCODE_TOWN.test(townText) || INLINE_ADDRESS.test(townText))) continue
    const block: Array<{ line: DocLine; run: Run }> = []
    let below = town
    // At most eight lines up (those of a column beside it included): a page of thousands of town-like lines stays linear.
    for (let index = town.index - 1; index >= Math.max(0, town.index - 8) && block.length < 4; index -= 1) {
      const line = doc.lines[index]
      // An address block is set tight: a gap of more than two lines ends it.
      if (line.page !== 1 || below.line.box.y - (line.line.box.y + line.line.box.height) > 2 * below.line.box.height) break
      below = line
      // Only the window's column: a letterhead's contact column beside it ("fax …", "info@…") is not the address.
      const start = segmentInColumn(line, first.box)
      if (!start) continue
      const run = runFrom(line, start)
      if (!run.text || /[·|●•]/.test(run.text) || isReturnAddress(windowText(line, first.box.x))) break
      block.unshift({ line, run })
    }
    const names = block.filter(({ run }) => couldBeName(run.text) && !/\d+\s*[a-z]?(\/\d+)?\s*$/i.test(run.text) && !skip(run.text))
    const name = names[0]
    if (!name) continue
    if (sellerName && sameName(name.run.text, sellerName)) continue
    return { field: 'buyer_name', value: name.run.text, source: SOURCE_PDF_PARSE, confidence: 0.4, page: name.line.page, box: name.run.box }
  }
  return null
}

/** The segment of a line that stands in the same column as `column` (its left edge nearest), or null. */
function segmentInColumn(line: DocLine, column: Box): TextSegment | null {
  let best: TextSegment | null = null
  for (const segment of line.line.segments) {
    const offset = Math.abs(segment.box.x - column.x)
    if (offset <= column.height * 3 && (!best || offset < Math.abs(best.box.x - column.x))) best = segment
  }
  return best
}

/**
 * The buyer's postal address below its name, on one line as the review shows it ("Hauptstraße 5/3, 1060 Wien"):
 * the street standing right above the postcode-and-town line of the same column, within the next few lines;
 * attention lines ("z. H.", "Buchhaltung") between name and street are not part of it.
 */
function addressBelow(doc: Doc, buyer: Candidate): Candidate | null {
  if (!buyer.box || buyer.page === null) return null
  const nameBox = buyer.box
  const nameLine = doc.lines.find((line) => line.page === buyer.page && line.line.box.y <= nameBox.y + nameBox.height / 2 && line.line.box.y + line.line.box.height >= nameBox.y + nameBox.height / 2)
  if (!nameLine) return null
  const below: Array<{ line: DocLine; run: Run }> = []
  let above = nameLine.line.box
  for (const line of doc.lines.slice(nameLine.index + 1, nameLine.index + 8)) {
    if (line.page !== nameLine.page) break
    // An address block is set tight: a gap of more than two lines ends it (lines of a column beside it count too).
    if (line.line.box.y - (above.y + above.height) > 2 * Math.max(above.height, line.line.box.height)) break
    above = line.line.box
    const segment = segmentInColumn(line, nameBox)
    if (!segment) continue
    const run = runFrom(line, segment)
    below.push({ line, run })
    // "Landstraße 3, 4020 Linz": street and town on one line.
    const inline = INLINE_ADDRESS.exec(run.text)
    if (inline && !NOT_ADDRESSEE.test(run.text)) return address(`${streetAsPrinted(inline[1])}, ${inline[2].trim()}`, line, run.box)
    if (!POSTCODE_TOWN.test(run.text)) continue
    const street = below.length > 1 ? below[below.length - 2].run : null
    if (!street || NOT_ADDRESSEE.test(street.text)) return address(run.text, line, run.box)
    return address(`${streetAsPrinted(street.text)}, ${run.text}`, line, unionBox([street.box, run.box]))
  }
  return null
}

function address(value: string, line: DocLine, box: Box): Candidate {
  return { field: 'buyer_address', value, source: SOURCE_PDF_PARSE, confidence: 0.4, page: line.page, box }
}

/** A street name as printed: a scan reads the ß of "Straße" as B or f ("LandstraBe", "Linzer Strafe 21"). */
function streetAsPrinted(text: string): string {
  return text.trim().replace(/(?<=stra)[Bf](?=e(?!\p{L}))/giu, 'ß')
}

/** The client's name where the page prints it, as a candidate for its side. */
function clientNamed(doc: Doc, placement: ClientPlacement, field: FieldName): Candidate | null {
  const printed = clientNameOnPage(doc, placement.client)
  return printed ? make(field, printed.text, 0.8, printed.line, printed.index) : null
}

/**
 * Seller and buyer names, and the buyer's address under its name. With the client company placed, the client is its
 * own side (as printed) and never the other party: the other party's rules pass over its name.
 */
export function extractParties(doc: Doc, placement?: ClientPlacement): Candidate[] {
  const candidates: Candidate[] = []
  const isClient = (name: string) => placement !== undefined && isClientName(name, placement.client)
  const own = (field: FieldName) => (placement ? clientNamed(doc, placement, field) : null)
  const ownSeller = placement?.role === 'seller' ? own('seller_name') : null
  const seller = ownSeller ?? namedInSection(doc, SELLER_HEADING, 'seller_name', isClient) ?? letterhead(doc, isClient)
  if (seller) candidates.push(seller)
  const sellerName = typeof seller?.value === 'string' ? seller.value : null
  // The client as the buyer: the window's addressee when that is the client (its address below it), else where its name stands.
  const window = placement?.role === 'buyer' ? addressee(doc, null) : null
  const ownBuyer = placement?.role === 'buyer' ? (window && isClient(String(window.value)) ? { ...window, confidence: 0.8 } : own('buyer_name')) : null
  const buyer =
    ownBuyer ??
    namedInSection(doc, BUYER_HEADING, 'buyer_name', placement?.role === 'seller' ? isClient : () => false) ??
    addressee(doc, sellerName, placement?.role === 'seller' ? isClient : () => false)
  if (buyer) {
    candidates.push(buyer)
    const address = addressBelow(doc, buyer)
    if (address) candidates.push(address)
  }
  return candidates
}
