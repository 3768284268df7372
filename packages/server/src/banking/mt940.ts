import { ibanOfBankAccount, isIban } from '@portal/sdk/validators'
import { amountProblem, amountUnits, mt940BookingDate, mt940Date } from './amounts'
import { BankFileError, type ParsedEntry, type ParsedStatement } from './types'

/** The SWIFT MT940 fields a statement may carry; any other tag is refused. */
const KNOWN_TAGS = new Set(['20', '21', '25', '25P', '28', '28C', '60F', '60M', '61', '86', '62F', '62M', '64', '65', '13D', 'NS'])

interface Field {
  tag: string
  value: string
  line: number
}

/** A SWIFT block whose value may hold nested blocks: {3:{108:…}{119:…}}, {5:{CHK:…}}. */
const BLOCK = (id: string) => `\\{${id}:(?:[^{}]|\\{[^{}]*\\})*\\}`
/** SWIFT's framing bytes around a message: start of header (SOH), start and end of text (STX, ETX), DOS end of file (SUB). */
// eslint-disable-next-line no-control-regex -- these control bytes are exactly what is removed
const FRAMING = /[\x01\x02\x03\x1a]/g
/** Each message's header blocks {1:}{2:}{3:} up to the text block's opening {4:. */
const HEADER = new RegExp(`${BLOCK('1')}(?:${BLOCK('2')})?(?:${BLOCK('3')})?\\{4:`, 'g')
/** The text block's end "-}" and the trailer blocks {5:} and {S:} after it. */
const TRAILER = new RegExp(`^-\\}(?:${BLOCK('5')})?(?:${BLOCK('S')})?`, 'gm')

/**
 * The statements' text without SWIFT's transport framing, line for line (so refusals name the file's lines): a
 * start-of-header or end-of-text byte (SOH, STX, ETX) ends a line, each message's {1:}{2:}{3:}{4: header and its
 * -}{5:} trailer become empty lines. Every message of a file is read, not only the first.
 */
export function unwrapSwift(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(FRAMING, '').replace(HEADER, '').replace(TRAILER, '')
}

/** Whether a file's text is MT940: its first field or {1: block, after any framing bytes and blank lines. */
export function looksLikeMt940(text: string): boolean {
  const start = text.replace(FRAMING, '').trimStart()
  return start.startsWith(':') || start.startsWith('{1:') || PREAMBLE.test(start)
}

/**
 * A bank's export preamble before the first :20: (ABN AMRO and bunq "ABNANL2A / 940 / ABNANL2A", ING "0000 01INGB…" and
 * "940 00", Rabobank ":940:"): at most four short lines, skipped.
 */
const PREAMBLE = /^(?:[^\n]{0,40}\n){1,4}:20:/

/** Splits the text block into its :tag: fields (a field runs until the next line that opens a tag). */
function fieldsOf(text: string): Field[] {
  const body = unwrapSwift(text)
  const fields: Field[] = []
  // Before the first field and after a message's closing "-", a bank's preamble lines are skipped (see PREAMBLE).
  let between = 0
  body.split('\n').forEach((raw, index) => {
    const line = raw.replace(/\s+$/, '')
    const open = /^:(\d{2}[A-Z]?|NS):(.*)$/.exec(line)
    // A wrapped :86: line may start like a tag (":26:37" of a time of day): inside :86: only a known tag opens a field.
    if (open && fields.at(-1)?.tag === '86' && between < 0 && !KNOWN_TAGS.has(open[1])) fields[fields.length - 1].value += `\n${line}`
    else if (open) {
      fields.push({ tag: open[1], value: open[2], line: index + 1 })
      between = -1
    } else if (line === '-') between = 0
    else if (line === '') return
    else if (between < 0) fields[fields.length - 1].value += `\n${line}`
    else if (++between > 4) throw new BankFileError('format', { detail: 'no :20: field', line: index + 1 })
  })
  return fields
}

/** The layouts of the fields we read, named in a refusal. */
const LAYOUT = {
  balance: 'C|D YYMMDD currency amount',
  line: 'YYMMDD [MMDD] C|D|RC|RD [funds code] amount [N|F|S code] reference [//bank reference]',
}

/** Exact units of an MT940 amount ("1234,56", "1234,"), or a refusal naming the field, its line and the rule. */
function units(text: string, field: Field, statement: string): number {
  const value = amountUnits(text)
  if (Number.isNaN(value)) throw new BankFileError('amount', { statement, detail: `:${field.tag}:`, line: field.line, value: text, expected: amountProblem(text) })
  return value
}

function balance(field: Field, statement: string): { units: number; date: string; currency: string } {
  const match = /^([CD])(\d{6})([A-Z]{3})([\d,.]+)$/.exec(field.value.trim())
  if (!match) throw new BankFileError('field', { statement, detail: `:${field.tag}:`, line: field.line, expected: LAYOUT.balance })
  const amount = units(match[4], field, statement)
  const date = mt940Date(match[2])
  if (!date) throw new BankFileError('field', { statement, detail: `:${field.tag}:`, line: field.line, expected: LAYOUT.balance })
  return { units: match[1] === 'D' ? -amount : amount, date, currency: match[3] }
}

/** GVC (Geschäftsvorfallcode) of returned debits and transfers: Rücklastschrift, Retoure. */
const RETURN_GVC = new Set(['109', '159', '209'])

/** The German/Austrian structured :86: (GVC?00 text?20–?29 remittance?31 IBAN?32–?33 name, SEPA keys EREF+ MREF+ SVWZ+). */
function details86(value: string): Pick<ParsedEntry, 'remittance' | 'endToEndId' | 'mandateId' | 'counterpartyName' | 'counterpartyIban' | 'bookingText' | 'structuredReference' | 'returnReason'> & { gvc: string | null } {
  const flat = value.replace(/\n/g, '')
  if (!/^\d{3}\?/.test(flat) && !flat.startsWith('?')) {
    // Free text (common in Austria): pick IBAN and SEPA keys out of it where present.
    const iban = /\b([A-Z]{2}\d{2}[A-Z0-9]{11,30})\b/.exec(flat)?.[1] ?? null
    return { remittance: value.replace(/\n/g, ' ').trim(), endToEndId: null, mandateId: null, counterpartyName: null, counterpartyIban: iban, bookingText: null, structuredReference: null, returnReason: null, gvc: null }
  }
  const parts = new Map<string, string>()
  for (const match of flat.matchAll(/\?(\d{2})([^?]*)/g)) parts.set(match[1], (parts.get(match[1]) ?? '') + match[2])
  const purpose = ['20', '21', '22', '23', '24', '25', '26', '27', '28', '29', '60', '61', '62', '63'].map((key) => parts.get(key) ?? '').join('')
  const keyed = new Map<string, string>()
  const keys = /(EREF|MREF|CRED|SVWZ|ABWA|KREF|RREF|SVWZ)\+/g
  const hits = [...purpose.matchAll(keys)]
  hits.forEach((hit, index) => keyed.set(hit[1], purpose.slice((hit.index ?? 0) + hit[0].length, hits[index + 1]?.index ?? purpose.length).trim()))
  const remittance = hits.length > 0 ? (keyed.get('SVWZ') ?? '') : purpose
  const name = `${parts.get('32') ?? ''}${parts.get('33') ?? ''}`.trim()
  const iban = (parts.get('31') ?? '').trim()
  const eref = keyed.get('EREF') ?? null
  return {
    remittance: remittance.trim(),
    endToEndId: eref && eref !== 'NOTPROVIDED' ? eref : null,
    mandateId: keyed.get('MREF') ?? null,
    counterpartyName: name || null,
    counterpartyIban: /^[A-Z]{2}\d{2}/.test(iban) ? iban : null,
    bookingText: parts.get('00')?.trim() || null,
    structuredReference: /^RF\d{2}/.test(remittance.trim()) ? remittance.trim().split(/\s/)[0] : null,
    returnReason: keyed.get('RREF') ?? null,
    gvc: /^\d{3}/.exec(flat)?.[0] ?? null,
  }
}

/** :61: YYMMDD[MMDD](C|D|RC|RD)[funds]amount(N|F|S)xxx reference[//bank reference][\nsupplementary] */
function entryOf(field: Field, info: Field | undefined, currency: string, statement: string): ParsedEntry {
  const [first, supplementary] = field.value.split('\n')
  // Some banks leave the optional entry date as four spaces.
  // The transaction type (N/F/S and three characters) is left out or padded with spaces by some banks, and a customer
  // reference may hold single slashes.
  const match = /^(\d{6})(\d{4})?\s*(R?[CD])([A-Z])?([\d,.]+)([NFS][A-Z0-9 ]{3})?(.*?)(?:\/\/(.*))?$/.exec(first.trim())
  if (!match) throw new BankFileError('field', { statement, detail: ':61:', line: field.line, expected: LAYOUT.line })
  const valueDate = mt940Date(match[1])
  const bookingDate = valueDate && match[2] ? mt940BookingDate(valueDate, match[2]) : valueDate
  if (!valueDate || !bookingDate) throw new BankFileError('field', { statement, detail: ':61:', line: field.line, expected: LAYOUT.line })
  const mark = match[3]
  const amount = units(match[5], field, statement)
  // RC (reversal of a credit) takes money out, RD (reversal of a debit) brings it back.
  const credit = mark === 'C' || mark === 'RD'
  const details = details86(info?.value ?? '')
  const customerRef = (match[7] ?? '').trim()
  return {
    bookingDate,
    valueDate,
    amountUnits: credit ? amount : -amount,
    currency,
    isReturn: mark.startsWith('R') || RETURN_GVC.has(details.gvc ?? '') || /^(RTRN|RETOUR|R[UÜ]CK)/i.test(details.bookingText ?? ''),
    returnReason: details.returnReason,
    bankReference: match[8]?.trim() || null,
    endToEndId: details.endToEndId ?? (customerRef && customerRef !== 'NONREF' ? customerRef : null),
    mandateId: details.mandateId,
    counterpartyName: details.counterpartyName,
    counterpartyIban: details.counterpartyIban,
    remittance: details.remittance,
    structuredReference: details.structuredReference,
    bookingText: details.bookingText ?? (supplementary?.trim() || null),
    batch: null,
  }
}

/**
 * The account of :25:, as an IBAN where it can be told: an IBAN (with or without a currency suffix such as "EUR" or
 * "/EUR"), or the legacy "bank code/account number" of Germany (8-digit BLZ, 10-digit account) and Austria (5-digit
 * BLZ, 11-digit account), whose IBAN is made of them. Anything else stays the bank's own text.
 */
export function accountOf(text: string): string {
  const account = text.trim().replace(/\s+/g, '').toUpperCase()
  if (isIban(account)) return account
  // An IBAN ends in a digit in every country but a few; a currency after it is the bank's addition.
  const withCurrency = /^([A-Z]{2}\d{2}[A-Z0-9]{9,30}\d)\/?[A-Z]{3}$/.exec(account)
  if (withCurrency) return withCurrency[1]
  const legacy = /^(\d{5}|\d{8})\/(\d{1,11})(?:\/?[A-Z]{3})?$/.exec(account)
  return (legacy && ibanOfBankAccount(legacy[1].length === 5 ? 'AT' : 'DE', legacy[1], legacy[2])) || account
}

/** Reads a SWIFT MT940 customer statement file (one or more statements, with or without the {1:}{2:}{4: envelope). */
export function parseMt940(text: string): ParsedStatement[] {
  const fields = fieldsOf(text)
  // MT942 (interim transaction report, :34F: floor limit, :13D: time) lists unbooked intraday movements: not a statement.
  const interim = fields.find((field) => field.tag === '34F')
  if (interim) throw new BankFileError('interim', { detail: 'MT942', line: interim.line })
  for (const field of fields) if (!KNOWN_TAGS.has(field.tag)) throw new BankFileError('unknownTag', { detail: `:${field.tag}:`, line: field.line })
  const statements: ParsedStatement[] = []
  let current: Field[] = []
  const groups: Field[][] = []
  for (const field of fields) {
    if (field.tag === '20' && current.length > 0) {
      groups.push(current)
      current = []
    }
    current.push(field)
  }
  if (current.length > 0) groups.push(current)
  if (groups.length === 0) throw new BankFileError('missing', { detail: ':20:' })
  for (const group of groups) {
    const value = (tag: string): Field | undefined => group.find((field) => field.tag === tag)
    const number = value('28C') ?? value('28')
    const statementId = [value('20')?.value.trim(), number?.value.trim()].filter(Boolean).join('/') || '?'
    const accountField = value('25') ?? value('25P')
    const openingField = value('60F') ?? value('60M')
    const closingField = value('62F') ?? value('62M')
    if (!accountField) throw new BankFileError('missing', { statement: statementId, detail: ':25:' })
    if (!openingField) throw new BankFileError('missing', { statement: statementId, detail: ':60F:' })
    if (!closingField) throw new BankFileError('truncated', { statement: statementId, detail: ':62F:' })
    const opening = balance(openingField, statementId)
    const closing = balance(closingField, statementId)
    const entries: ParsedEntry[] = []
    group.forEach((field, index) => {
      if (field.tag !== '61') return
      const next = group[index + 1]
      entries.push(entryOf(field, next?.tag === '86' ? next : undefined, opening.currency, statementId))
    })
    statements.push({
      format: 'mt940',
      statementId,
      account: accountOf(accountField.value),
      currency: opening.currency,
      openingUnits: opening.units,
      openingDate: opening.date,
      closingUnits: closing.units,
      closingDate: closing.date,
      hasBalances: true,
      entries,
    })
  }
  return statements
}
