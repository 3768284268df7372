import type { Candidate, ClientParty } from '../types'
import type { Doc, DocLine } from './document'

/** The client's side on a document: buyer (an incoming invoice) or seller (an outgoing one). */
export type ClientRole = 'buyer' | 'seller'

/** The client and its side, as the party rules take them. */
export interface ClientPlacement {
  client: ClientParty
  role: ClientRole
}

const LEGAL_FORMS = /(?<!\p{L})(gmbh|ges\.?\s?m\.?\s?b\.?\s?h\.?|ag|k\.?\s?g\.?|og|e\.?\s?u\.?|se|gesbr|co|sarl|sas|s\.a\.|b\.v\.|n\.v\.|inc|ltd|llc|e\.v\.)(?!\p{L})/giu

/** Identifiers compared as the validators store them: no spaces, dots or dashes, capitals. */
export function compactId(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase()
}

/** A name as compared: lower case, legal forms and punctuation left out ("Huber KG" and "HUBER K.G." are one name). */
function nameKey(text: string): string {
  return text.toLowerCase().replace(LEGAL_FORMS, ' ').replace(/[^\p{L}\d]+/gu, ' ').trim()
}

/** Whether a name read from the page is the client's: the same name, or most of it, without its legal form. */
export function isClientName(text: string, client: ClientParty): boolean {
  const read = nameKey(text)
  const own = nameKey(client.name)
  if (own.length < 3 || read.length < 3) return false
  // Within a longer text only a name of two words or more: "Steiner Immobilien" is not the client "Steiner KG".
  const within = own.includes(' ') && new RegExp(`(?<![\\p{L}\\d])${escape(own)}(?![\\p{L}\\d])`, 'u').test(read)
  return read === own || (read.length >= own.length * 0.6 && own.includes(read)) || within
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Whether a candidate names the client: its name, VAT id or IBAN. */
export function isClientCandidate(candidate: Candidate, client: ClientParty): boolean {
  if (typeof candidate.value !== 'string') return false
  if (candidate.field === 'seller_name' || candidate.field === 'buyer_name') return isClientName(candidate.value, client)
  if (candidate.field === 'seller_vat_id' || candidate.field === 'buyer_vat_id') return client.vatId !== null && compactId(candidate.value) === compactId(client.vatId)
  if (candidate.field === 'iban' || candidate.field === 'iban_payer_debit') return client.iban !== null && compactId(candidate.value) === compactId(client.iban)
  return false
}

/** Where the client's name is printed: its line and the name as printed (words as on the page, its legal form after it). */
export function clientNameOnPage(doc: Doc, client: ClientParty): { line: DocLine; index: number; text: string } | null {
  const words = nameKey(client.name).split(' ').filter(Boolean)
  if (words.length === 0 || words.join('').length < 3) return null
  const pattern = new RegExp(`(?<![\\p{L}\\d])${words.map(escape).join('[\\s,.&+/-]+')}(?:[\\s,]*(?:${LEGAL_FORMS.source}))*`, 'iu')
  for (const line of doc.lines) {
    const match = pattern.exec(line.text)
    if (match) return { line, index: match.index, text: match[0].replace(/[\s,]+$/, '') }
  }
  return null
}

/**
 * The client's side as the page tells it, from a first reading that knew nothing of the client: named as the buyer
 * (the window's addressee, a buyer's name or UID) or paid to its own IBAN (or its name the letterhead's, with another
 * company in the window). Null when the page says both or neither.
 */
export function clientRoleOnPage(candidates: readonly Candidate[], client: ClientParty, addressee: string | null): ClientRole | null {
  const names = (field: string) => candidates.some((c) => c.field === field && isClientCandidate(c, client))
  const buyer = names('buyer_name') || names('buyer_vat_id') || (addressee !== null && isClientName(addressee, client))
  const seller = names('iban') || (names('seller_name') && addressee !== null && !isClientName(addressee, client))
  if (buyer === seller) return null
  return buyer ? 'buyer' : 'seller'
}
