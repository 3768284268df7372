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

/** Seller and buyer names. */
export function extractParties(doc: Doc): Candidate[] {
  const candidates: Candidate[] = []
  const seller = namedInSection(doc, SELLER_HEADING, 'seller_name') ?? letterhead(doc)
  if (seller) candidates.push(seller)
  const buyer = namedInSection(doc, BUYER_HEADING, 'buyer_name')
  if (buyer) candidates.push(buyer)
  return candidates
}
