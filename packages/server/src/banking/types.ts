/** A statement as read from a bank's file: what the bank said, before anything is stored. */
export interface ParsedStatement {
  format: 'camt053' | 'mt940'
  /** The bank's statement id (CAMT Stmt/Id, MT940 :20: with :28C:), named when the file is refused. */
  statementId: string
  /** The account: an IBAN where the bank gives one, else the bank's own account text (MT940 :25:). */
  account: string
  currency: string
  openingCents: number
  openingDate: string
  closingCents: number
  closingDate: string
  entries: ParsedEntry[]
}

/** One booked movement; a batch booking with per-transaction details becomes one entry per transaction. */
export interface ParsedEntry {
  bookingDate: string
  valueDate: string
  /** Signed: credits positive, debits negative. */
  amountCents: number
  currency: string
  /** A return or reversal of an earlier movement (CAMT RvslInd/RtrInf, MT940 RC/RD). */
  isReturn: boolean
  returnReason: string | null
  bankReference: string | null
  endToEndId: string | null
  mandateId: string | null
  counterpartyName: string | null
  counterpartyIban: string | null
  /** Unstructured remittance text (lines joined with a space). */
  remittance: string
  /** Structured creditor reference (ISO 11649 RF… or a bank's own), when given. */
  structuredReference: string | null
  bookingText: string | null
  /** Set on the parts of a batch booking: the batch's bank reference and its number of transactions. */
  batch: { reference: string | null; count: number } | null
}

/** Why a bank file is refused: an i18n key of `banking` with its values, and the statement it concerns. */
export class BankFileError extends Error {
  override readonly name = 'BankFileError'
  constructor(
    readonly rule: 'unreadable' | 'truncated' | 'unknownTag' | 'unbalanced' | 'missing' | 'format' | 'xmlDoctype' | 'xmlTooDeep' | 'nul',
    readonly params: { statement?: string; detail?: string; line?: number; column?: number; max?: number },
  ) {
    super(`${rule}${params.statement ? ` in statement ${params.statement}` : ''}${params.detail ? `: ${params.detail}` : ''}${params.line ? ` (line ${params.line})` : ''}`)
  }
}
