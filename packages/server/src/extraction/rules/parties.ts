import { SOURCE_PDF_PARSE } from '../sources'
import type { Candidate, FieldName } from '../types'
import { rangeBox, type Doc, type DocLine } from './document'

const LEGAL_FORM = /(?<!\p{L})(GmbH(?: & Co\.?(?: KG)?)?|AG|KG|OG|e\.U\.|SE|SARL|SAS|S\.A\.|B\.V\.|N\.V\.|Inc\.|Ltd\.?|LLC|GesmbH|Ges\.m\.b\.H\.|e\.V\.|a\.G\.)(?!\p{L})/u
const SELLER_HEADING = /^(verkäufer|lieferant|seller|supplier|rechnungssteller|leistungserbringer)$/i
const BUYER_HEADING = /^(käufer|kunde|buyer|customer|rechnungsempfänger|leistungsempfänger|käufer\/leistungsempfänger|billto|invoiceto)$/i
const NAME_LABEL = /^(name|firma|company)\s*:\s*/i

function make(field: FieldName, value: string, confidence: number, line: DocLine, index: number): Candidate {
  return { field, value, source: SOURCE_PDF_PARSE, confidence, page: line.page, box: rangeBox(line, index, value.length) }
}

/** "Name: X" within the few lines after a section heading. */
function namedInSection(doc: Doc, heading: RegExp, field: FieldName): Candidate | null {
  for (const line of doc.lines) {
    // Letter-spaced headings ("Ver käufer :") are compared without their spaces.
    const first = (line.line.segments[0]?.text ?? '').replace(/\s+/g, '')
    if (!heading.test(first.replace(/:$/, ''))) continue
    const following = doc.lines.slice(line.index + 1, line.index + 6).filter((l) => l.page === line.page)
    for (const next of following) {
      const label = NAME_LABEL.exec(next.text)
      if (label) return make(field, next.text.slice(label[0].length).split('   ')[0].trim(), 0.8, next, label[0].length)
    }
    // Without a "Name:" label the first line that is not a labelled detail is the name.
    const plain = following.find((l) => !/:/.test(l.line.segments[0]?.text ?? ''))
    if (plain) return make(field, plain.line.segments[0].text.trim(), 0.5, plain, 0)
  }
  return null
}

/** The first company name with a legal form near the top of the first page: the letterhead. */
function letterhead(doc: Doc): Candidate | null {
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
      if (name.length > 2) return make('seller_name', name, 0.45, line, index + segment.text.indexOf(name))
    }
  }
  return null
}

/** "1060 Wien", "A-8010 Graz", "80331 München": the town line that ends a postal address. */
export const POSTCODE_TOWN = /^(?:[A-Z]{1,2}-)?\d{4,5}\s+\p{Lu}/u
// Lines of an address block that are not the addressee: attention lines, departments, salutations.
const NOT_ADDRESSEE = /^(z\.\s?h\.?|zh\.|attn|c\/o|herrn?|frau|buchhaltung|einkauf|abteilung|postfach|p\.?\s?o\.?\s?box)\b/i

/**
 * The buyer of the window envelope: the first line of the address block that ends with a postcode and town on the
 * first page, above the street; the seller's own letterhead and its one-line return address are not it.
 */
function addressee(doc: Doc, sellerName: string | null): Candidate | null {
  const firstPage = doc.lines.filter((line) => line.page === 1)
  const pageHeight = Math.max(1, ...firstPage.map((line) => line.line.box.y + line.line.box.height))
  for (const town of firstPage) {
    const first = town.line.segments[0]?.text.trim() ?? ''
    if (!POSTCODE_TOWN.test(first) || town.line.box.y > pageHeight * 0.5) continue
    const block: DocLine[] = []
    for (let index = town.index - 1; index >= 0 && block.length < 4; index -= 1) {
      const line = doc.lines[index]
      const below = block[0] ?? town
      // An address block is set tight: a gap of more than two lines ends it.
      if (line.page !== 1 || below.line.box.y - (line.line.box.y + line.line.box.height) > 2 * below.line.box.height) break
      const text = line.line.segments[0]?.text.trim() ?? ''
      if (!text || /[·|]/.test(text) || text.split(',').length > 2) break
      block.unshift(line)
    }
    const names = block.filter((line) => !NOT_ADDRESSEE.test(line.line.segments[0].text.trim()) && !/\d+\s*[a-z]?(\/\d+)?\s*$/i.test(line.line.segments[0].text.trim()))
    const name = names[0]
    if (!name) continue
    const text = name.line.segments[0].text.trim()
    if (sellerName && text.replace(/\s+/g, ' ').toLowerCase() === sellerName.replace(/\s+/g, ' ').toLowerCase()) continue
    return make('buyer_name', text, 0.4, name, name.text.indexOf(text))
  }
  return null
}

/** Seller and buyer names. */
export function extractParties(doc: Doc): Candidate[] {
  const candidates: Candidate[] = []
  const seller = namedInSection(doc, SELLER_HEADING, 'seller_name') ?? letterhead(doc)
  if (seller) candidates.push(seller)
  const buyer = namedInSection(doc, BUYER_HEADING, 'buyer_name') ?? addressee(doc, typeof seller?.value === 'string' ? seller.value : null)
  if (buyer) candidates.push(buyer)
  return candidates
}
