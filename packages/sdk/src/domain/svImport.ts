import { normalizeIban, iban as ibanRule } from '../validators/iban'
import { formatCents, parseCents } from '../validators/money'
import { normalizeDate } from './fonImport'
import { TRANSACTION_STATUSES } from './transactions'

/**
 * The import files of the contribution-account tool (/admin/sv-tool): the firm's exports of the health insurer's
 * contribution accounts, their transactions and their authorizations, one kind per file (CSV or XLSX, the header in
 * row 1 with the column names below). A file is taken whole or not at all: the first broken cell is reported with its
 * row (the spreadsheet's line), column and rule. docs/firm-addresses-sv.md lists the columns.
 */

/** The three kinds of import file. */
export type SvImportKind = 'accounts' | 'transactions' | 'authorizations'

/** Every import kind. */
export const SV_IMPORT_KINDS: readonly SvImportKind[] = ['accounts', 'transactions', 'authorizations']

/** How a cell is read. */
export type SvCellType = 'text' | 'account' | 'date' | 'amount' | 'number' | 'yesNo' | 'iban' | 'status' | 'integer'

/** One documented column: its name in the file, how it is read, whether it must be filled. */
export interface SvColumn {
  name: string
  type: SvCellType
  required?: boolean
}

const text = (name: string, required = false): SvColumn => ({ name, type: 'text', required })
const date = (name: string, required = false): SvColumn => ({ name, type: 'date', required })

/** The account number every row names: 7 digits, or 10 for the newer accounts. */
const ACCOUNT: SvColumn = { name: 'beitragskontonummer', type: 'account', required: true }

/** The documented columns of each kind, in order (SPEC §3's fields; `klient` links an account to a client company). */
export const SV_COLUMNS: Readonly<Record<SvImportKind, readonly SvColumn[]>> = {
  accounts: [
    ACCOUNT,
    text('partner_name', true),
    text('kassa_mandant'),
    text('partner_strasse_hausnummer'),
    text('partner_postleitzahl'),
    text('partner_postort'),
    text('partner_land'),
    text('partner_dgnr'),
    text('partner_firnr'),
    text('partner_kur'),
    text('partner_uid'),
    date('gueltig_ab'),
    text('betriebsort'),
    text('wirtschaftsklasse_code'),
    text('wirtschaftsklasse_bezeichnung'),
    { name: 'saldo', type: 'amount' },
    { name: 'verzugszinsatz_pro_jahr', type: 'number' },
    date('verzugszinsen_verbucht_bis'),
    { name: 'ksb_automatische_zustellung_aktiv', type: 'yesNo' },
    text('betriebliche_vorsorge_name'),
    text('betriebliche_vorsorge_leitzahl'),
    date('betriebliche_vorsorge_gueltig_von'),
    date('gplb_letzte_pruefung'),
    date('gplb_gueltig_bis'),
    text('sepa_bankkonto_inhaber_name'),
    text('sepa_bankinstitut'),
    { name: 'sepa_iban', type: 'iban' },
    text('sepa_mandatreferenznummer'),
    text('sepa_creditor_id'),
    { name: 'klient', type: 'integer' },
    { name: 'empfaenger_iban', type: 'iban' },
    text('empfaenger_name'),
  ],
  transactions: [
    ACCOUNT,
    date('buchungsDatum', true),
    date('wertstellungsDatum'),
    text('buchungstext', true),
    text('beitragszeitraum'),
    { name: 'soll', type: 'amount' },
    { name: 'haben', type: 'amount' },
    { name: 'buchungszustand', type: 'status' },
  ],
  authorizations: [
    ACCOUNT,
    text('bevollmaechtigter', true),
    text('bevollmaechtigterName'),
    text('bezeichnung'),
    { name: 'einsicht_kontoinformationen', type: 'yesNo' },
    { name: 'einsicht_clearing_faelle', type: 'yesNo' },
    text('vollmacht_name'),
    text('vollmacht_strasse_hausnummer'),
    text('vollmacht_postleitzahl'),
    text('vollmacht_postort'),
    text('vollmacht_land'),
    date('gueltig_bis'),
  ],
}

/** The rules a cell can break (texts `admin:sv.rule.<rule>`). */
export type SvImportRule =
  | 'missingColumn'
  | 'required'
  | 'account'
  | 'date'
  | 'amount'
  | 'number'
  | 'yesNo'
  | 'iban'
  | 'status'
  | 'integer'
  | 'duplicate'
  | 'unknownAccount'
  | 'unknownClient'
  | 'empty'
  | 'unreadable'
  /** A NUL character, which no text can hold in the database. */
  | 'nul'

/** Where a file breaks a rule. */
export interface SvImportProblem {
  row: number
  column: string
  rule: SvImportRule
  value: string
}

/** A file that breaks a rule: its first problem. */
export class SvImportError extends Error {
  constructor(readonly problem: SvImportProblem) {
    super(`Row ${problem.row}, column "${problem.column}": ${problem.rule}${problem.value ? ` (${problem.value})` : ''}`)
    this.name = 'SvImportError'
  }
}

/** A cell's value after reading: text, ISO date, amount as '12.34', number, yes/no, or null when empty. */
export type SvValue = string | number | boolean | null

/** A row as read: column → value. */
export type SvRow = Record<string, SvValue>

const YES = new Set(['ja', 'j', 'yes', 'y', '1', 'true', 'x'])
const NO = new Set(['nein', 'n', 'no', '0', 'false'])

/** A contribution account number: 7 or 10 digits (spaces ignored); null otherwise. */
export function normalizeSvAccountNumber(value: string): string | null {
  const digits = value.replace(/\s+/g, '')
  return /^(\d{7}|\d{10})$/.test(digits) ? digits : null
}

type Refusal = { rule: SvImportRule }
const refuse = (rule: SvImportRule): Refusal => ({ rule })

function readCell(column: SvColumn, raw: string): SvValue | Refusal {
  const value = raw.trim()
  if (value === '') return column.required ? refuse('required') : column.type === 'amount' && column.name === 'saldo' ? '0.00' : null
  switch (column.type) {
    case 'text':
      return value
    case 'account':
      return normalizeSvAccountNumber(value) ?? refuse('account')
    case 'date':
      return normalizeDate(value) ?? refuse('date')
    case 'amount': {
      const cents = parseCents(value)
      return cents === null ? refuse('amount') : formatCents(cents)
    }
    case 'number': {
      const number = Number(value.replace(',', '.'))
      return Number.isFinite(number) ? number : refuse('number')
    }
    case 'integer':
      return /^\d{1,9}$/.test(value) ? Number(value) : refuse('integer')
    case 'yesNo':
      return YES.has(value.toLowerCase()) ? true : NO.has(value.toLowerCase()) ? false : refuse('yesNo')
    case 'iban':
      return ibanRule(value) ? refuse('iban') : normalizeIban(value)
    case 'status': {
      const code = value.toUpperCase()
      return (TRANSACTION_STATUSES as readonly string[]).includes(code) ? code : refuse('status')
    }
  }
}

/** Checks the header: every required column of the kind is there (row 1). */
export function checkSvColumns(kind: SvImportKind, header: readonly string[]): void {
  for (const column of SV_COLUMNS[kind]) {
    if (column.required && !header.includes(column.name)) throw new SvImportError({ row: 1, column: column.name, rule: 'missingColumn', value: '' })
  }
}

/**
 * Reads the rows of a file of one kind (header checked first; `lines` are the rows' line numbers in the file).
 * Throws SvImportError at the first broken cell; an accounts file may name each account once.
 */
export function parseSvRows(kind: SvImportKind, header: readonly string[], rows: readonly Readonly<Record<string, string>>[], lines: readonly number[]): SvRow[] {
  checkSvColumns(kind, header)
  if (rows.length === 0) throw new SvImportError({ row: 2, column: '', rule: 'empty', value: '' })
  const seen = new Set<string>()
  return rows.map((raw, index) => {
    const row = lines[index] ?? index + 2
    const parsed: SvRow = {}
    for (const column of SV_COLUMNS[kind]) {
      const cell = raw[column.name] ?? ''
      const value = readCell(column, cell)
      if (value !== null && typeof value === 'object') throw new SvImportError({ row, column: column.name, rule: value.rule, value: cell })
      parsed[column.name] = value
    }
    if (kind === 'accounts') {
      const account = String(parsed.beitragskontonummer)
      if (seen.has(account)) throw new SvImportError({ row, column: ACCOUNT.name, rule: 'duplicate', value: account })
      seen.add(account)
    }
    return parsed
  })
}

/**
 * The payment reference (Verwendungszweck) of a contribution account, as the health insurer asks for it: '11000' and
 * the seven-digit account number, or '11' and the number of a ten-digit account.
 */
export function svPaymentReference(accountNumber: string): string {
  return accountNumber.length === 10 ? `11${accountNumber}` : `11000${accountNumber}`
}

/** Why an account is on the attention list. */
export type SvAttentionReason = 'saldoDue' | 'dunning' | 'enforcement' | 'authorizationExpiring'

/** Days before its end an authorization counts as expiring. */
export const SV_AUTHORIZATION_WARNING_DAYS = 30

/** What the attention list looks at of an account. */
export interface SvAttentionFacts {
  /** Saldo as '12.34'; above zero the account owes. */
  saldo: string
  /** The status codes of its transactions. */
  statuses: readonly string[]
  /** The end dates (ISO) of its authorizations. */
  authorizationEnds: readonly string[]
}

/** The reasons an account needs attention on `today` (ISO date); empty when none. */
export function svAttentionReasons(facts: SvAttentionFacts, today: string): SvAttentionReason[] {
  const reasons: SvAttentionReason[] = []
  if ((parseCents(facts.saldo) ?? 0n) > 0n) reasons.push('saldoDue')
  if (facts.statuses.includes('MA')) reasons.push('dunning')
  if (facts.statuses.includes('EX')) reasons.push('enforcement')
  const limit = new Date(`${today}T00:00:00Z`)
  limit.setUTCDate(limit.getUTCDate() + SV_AUTHORIZATION_WARNING_DAYS)
  const last = limit.toISOString().slice(0, 10)
  if (facts.authorizationEnds.some((end) => end <= last)) reasons.push('authorizationExpiring')
  return reasons
}
