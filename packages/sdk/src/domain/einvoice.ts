/**
 * E-invoice vocabulary shared by server and web: the rule sets an incoming e-invoice is checked against,
 * the outcome of that check, and what a specification identifier (BT-24) says about the profile.
 */

/** The business rule sets the portal checks (our implementation from the published rule descriptions, einvoice-rules.ts). */
export const EInvoiceRuleSet = {
  /** EN 16931-1's business rules (BR-…, BR-CO-…, BR-S-…, …). */
  en16931: 'EN16931',
  /** XRechnung's national rules (BR-DE-…). */
  xrechnung: 'XRechnung',
  /** OpenPeppol's rules of Peppol BIS Billing 3.0 (PEPPOL-EN16931-R…), which Austria's federal e-invoicing takes. */
  peppol: 'Peppol',
} as const

/** One of the rule sets. */
export type EInvoiceRuleSet = (typeof EInvoiceRuleSet)[keyof typeof EInvoiceRuleSet]

/** How an incoming e-invoice fared against the rules that apply to it. */
export const EInvoiceValidationStatus = {
  /** Every rule that applies holds (warnings may remain). */
  valid: 'valid',
  /** At least one fatal rule is broken. */
  invalid: 'invalid',
  /** The profile carries no invoice under German law (ZUGFeRD/Factur-X MINIMUM, BASIC WL): a booking aid only. */
  notAnInvoice: 'notAnInvoice',
  /** No official rule set applies (ebInterface, ZUGFeRD 1.0, an unknown specification). */
  notChecked: 'notChecked',
} as const

/** One of the outcomes. */
export type EInvoiceValidationStatus = (typeof EInvoiceValidationStatus)[keyof typeof EInvoiceValidationStatus]

/** A broken business rule. */
export interface EInvoiceRuleViolation {
  /** The rule's id (BR-CO-15, BR-DE-1, …). */
  id: string
  /** fatal breaks the invoice; warning and information do not. */
  flag: 'fatal' | 'warning' | 'information'
  /** The rule set that holds it. */
  ruleSet: EInvoiceRuleSet
  /** The rule's English text (the screen shows the user's language from the i18n catalogue by id). */
  text: string
  /** Which business term or group (BT-112, BG-25[2]/BT-131), for the technically minded: the first few places. */
  location: string
  /** How many places break the rule (a rule is stored once however often it breaks: a file of 100,000 lines). */
  count: number
}

/** The result of checking one e-invoice, stored on the document. */
export interface EInvoiceValidation {
  status: EInvoiceValidationStatus
  /** The specification identifier (BT-24) or ebInterface version the file names. */
  specification: string | null
  /** The profile's name for people ("XRechnung 3.0", "Factur-X MINIMUM", "ebInterface 6.1", …), or null. */
  profile: string | null
  ruleSets: EInvoiceRuleSet[]
  violations: EInvoiceRuleViolation[]
  /** How long the rules took, in milliseconds. */
  millis: number
  /** The schema (XSD) check; absent in a result stored before there was one, null where no schema of ours applies. */
  schema?: EInvoiceSchemaCheck | null
}

/** What kind of schema rule an element breaks (from libxml2's message), each with its text in both languages. */
export const EINVOICE_SCHEMA_RULES = [
  'unexpected',
  'missingChild',
  'invalidValue',
  'fractionDigits',
  'pattern',
  'attributeMissing',
  'attributeInvalid',
  'attributeNotAllowed',
  'textNotAllowed',
  'wrongRoot',
  'other',
] as const

/** One of the schema rule kinds. */
export type EInvoiceSchemaRule = (typeof EINVOICE_SCHEMA_RULES)[number]

/** A schema rule one element of the file breaks. */
export interface EInvoiceSchemaError {
  rule: EInvoiceSchemaRule
  /** The element's name without its namespace (`IssueDate`), as the file has it. */
  element: string
  /** The line of the file, when the validator names it. */
  line: number | null
  /** The value refused, the attribute, the expected elements or the type, as the rule needs. */
  value: string | null
  attribute: string | null
  expected: string | null
  /** The validator's own English message, for the technically minded. */
  message: string
}

/** The result of checking an e-invoice against our subset schema of its syntax (UBL 2.1, CII D16B, ebInterface). */
export interface EInvoiceSchemaCheck {
  /** The schema's name ("UBL 2.1 Invoice", "UN/CEFACT CII D16B", "ebInterface 6.1"). */
  schema: string
  valid: boolean
  /** The first errors (at most 20); `count` says how many there were. */
  errors: EInvoiceSchemaError[]
  count: number
}

/** `{urn:…}IssueDate` → `IssueDate`; a list `( {a}X, {b}Y )` → `X, Y`. */
const localNames = (text: string): string => text.replace(/\{[^}]*\}/g, '').replace(/^\(\s*|\s*\)$/g, '').trim()

/**
 * Reads one message of libxml2's schema validator (xmllint) as the rule broken, the element and the details, so the
 * screen says it in the user's language. A message of another shape is kept as `other` with its own text.
 */
export function schemaErrorOf(message: string, line: number | null): EInvoiceSchemaError {
  const text = message.trim().replace(/^Schemas validity (?:error|warning)\s*:\s*/, '')
  const head = /^Element '([^']*)'(?:, attribute '([^']*)')?:\s*(.*)$/s.exec(text)
  const base = { line, value: null, attribute: null, expected: null, message: text }
  if (!head) return { ...base, rule: 'other', element: '' }
  const element = localNames(head[1])
  const attribute = head[2] ? localNames(head[2]) : null
  const rest = head[3]
  const expected = /Expected is (?:one of )?(\(.*\))/.exec(rest)
  const value = /'([^']*)' is not a valid value/.exec(rest) ?? /The value '([^']*)'/.exec(rest)
  if (attribute) {
    if (/is not allowed/.test(rest)) return { ...base, rule: 'attributeNotAllowed', element, attribute }
    return { ...base, rule: 'attributeInvalid', element, attribute, value: value?.[1] ?? null }
  }
  if (/This element is not expected/.test(rest)) return { ...base, rule: 'unexpected', element, expected: expected ? localNames(expected[1]) : null }
  if (/Missing child element/.test(rest)) return { ...base, rule: 'missingChild', element, expected: expected ? localNames(expected[1]) : null }
  if (/\[facet 'fractionDigits'\]/.test(rest)) {
    return { ...base, rule: 'fractionDigits', element, value: value?.[1] ?? null, expected: /\('(\d+)'\)/.exec(rest)?.[1] ?? null }
  }
  if (/\[facet 'pattern'\]/.test(rest)) return { ...base, rule: 'pattern', element, value: value?.[1] ?? null }
  const missingAttribute = /The attribute '([^']*)' is required but missing/.exec(rest)
  if (missingAttribute) return { ...base, rule: 'attributeMissing', element, attribute: missingAttribute[1] }
  const notAllowed = /The attribute '([^']*)' is not allowed/.exec(rest)
  if (notAllowed) return { ...base, rule: 'attributeNotAllowed', element, attribute: notAllowed[1] }
  if (/is not a valid value of the (?:local )?atomic type/.test(rest)) {
    return { ...base, rule: 'invalidValue', element, value: value?.[1] ?? null, expected: /atomic type '([^']*)'/.exec(rest)?.[1] ?? null }
  }
  if (/Character content other than whitespace is not allowed/.test(rest)) return { ...base, rule: 'textNotAllowed', element }
  if (/No matching global declaration available for the validation root/.test(rest)) return { ...base, rule: 'wrongRoot', element }
  return { ...base, rule: 'other', element }
}

/** What a specification identifier says: the profile's name, the rule sets that apply, and whether it is an invoice. */
export interface EInvoiceProfile {
  name: string | null
  ruleSets: EInvoiceRuleSet[]
  /** False for the profiles that carry no invoice under German law (MINIMUM, BASIC WL). */
  invoice: boolean
}

const EN16931 = 'urn:cen.eu:en16931:2017'

/**
 * The profile of an e-invoice from its specification identifier (BT-24). EN 16931 and every CIUS or extension of
 * it (XRechnung, Peppol BIS, Factur-X/ZUGFeRD BASIC, EN16931, EXTENDED) are checked against EN 16931's rules,
 * XRechnung also against its BR-DE rules; ZUGFeRD/Factur-X MINIMUM and BASIC WL are no invoice under German law (they lack
 * the lines or the required details) and are not checked as one.
 */
export function einvoiceProfile(specification: string | null): EInvoiceProfile {
  const id = (specification ?? '').trim()
  const lower = id.toLowerCase()
  if (/(factur-x\.eu:1p0|zugferd\.de:2p\d+):minimum$/.test(lower)) return { name: 'ZUGFeRD / Factur-X MINIMUM', ruleSets: [], invoice: false }
  if (/(factur-x\.eu:1p0|zugferd\.de:2p\d+):basicwl$/.test(lower)) return { name: 'ZUGFeRD / Factur-X BASIC WL', ruleSets: [], invoice: false }
  // ZUGFeRD 1.0 predates EN 16931: read, not checked against its rules.
  const zugferd1 = /^urn:ferd:[a-z]+:[a-z]+:1p0:([a-z]+)$/.exec(lower)
  if (zugferd1) return { name: `ZUGFeRD 1.0 ${zugferd1[1].toUpperCase()}`, ruleSets: [], invoice: true }
  if (!lower.startsWith(EN16931)) return { name: id === '' ? null : id, ruleSets: [], invoice: true }
  // XRechnung before 3.0 (urn:xoev-de:kosit:standard:xrechnung_1.2, _2.x): the BR-DE rules checked are those of 3.0,
  // so only EN 16931's apply.
  const oldXrechnung = /xoev-de:kosit:standard:xrechnung_(\d+\.\d+)/.exec(lower)
  if (oldXrechnung) return { name: `XRechnung ${oldXrechnung[1]}`, ruleSets: [EInvoiceRuleSet.en16931], invoice: true }
  const xrechnung = /xeinkauf\.de:kosit:xrechnung_(\d+\.\d+)/.exec(lower)
  if (xrechnung) {
    const extension = lower.includes('kosit:extension:xrechnung') ? ' (Extension)' : ''
    return { name: `XRechnung ${xrechnung[1]}${extension}`, ruleSets: [EInvoiceRuleSet.en16931, EInvoiceRuleSet.xrechnung], invoice: true }
  }
  if (/peppol\.eu:2017:poacc:billing:3\.0/.test(lower)) return { name: 'Peppol BIS Billing 3.0', ruleSets: [EInvoiceRuleSet.en16931, EInvoiceRuleSet.peppol], invoice: true }
  const names: Array<[RegExp, string]> = [
    [/:basic$/, 'ZUGFeRD / Factur-X BASIC'],
    [/:extended$/, 'ZUGFeRD / Factur-X EXTENDED'],
  ]
  const name = names.find(([pattern]) => pattern.test(lower))?.[1] ?? (lower === EN16931 ? 'EN 16931' : id)
  return { name, ruleSets: [EInvoiceRuleSet.en16931], invoice: true }
}

/** A party as an e-invoice names it. */
export interface EInvoiceParty {
  name: string | null
  /** The postal address on one line ("Hauptplatz 3, 8010 Graz"). */
  address: string | null
  vat_id: string | null
}

/** One invoice line; amounts and quantities as exact decimal strings. */
export interface EInvoiceLine {
  description: string | null
  quantity: string | null
  /** The unit as the file states it (UN/ECE Rec. 20 code such as C62 or HUR, or ebInterface's own text). */
  unit: string | null
  unit_price: string | null
  /** The line's net amount. */
  net: string | null
  /** VAT rate in percent. */
  tax_rate: string | null
}

/**
 * An e-invoice as a readable page shows it (seller, buyer, lines, tax, totals, payment), for files that have no
 * page of their own (XRechnung, ebInterface, Peppol UBL). Stored with the document by the extraction job.
 */
/** The readable page shows at most this many lines: a person reads no more, and the stored page stays small. */
export const EINVOICE_VIEW_LINES = 500

export interface EInvoiceView {
  syntax: 'CII' | 'UBL' | 'ebInterface'
  profile: string | null
  document_type_code: string | null
  invoice_number: string | null
  issue_date: string | null
  due_date: string | null
  delivery_date: string | null
  service_period_start: string | null
  service_period_end: string | null
  currency: string | null
  seller: EInvoiceParty
  buyer: EInvoiceParty
  /** The first EINVOICE_VIEW_LINES lines; `more_lines` says how many the page leaves out. */
  lines: EInvoiceLine[]
  more_lines: number
  tax: Array<{ rate: string; basis: string | null; tax: string | null; category: string | null }>
  totals: { net: string | null; tax: string | null; gross: string | null; prepaid: string | null; due: string | null }
  payment: {
    means_codes: string[]
    iban: string | null
    bic: string | null
    reference: string | null
    terms: string | null
    skonto_percent: string | null
    skonto_due_date: string | null
  }
}
