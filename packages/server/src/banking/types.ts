/** A statement as read from a bank's file: what the bank said, before anything is stored. */
export interface ParsedStatement {
  /** camt054: a debit/credit notification (the single items of collective bookings), which carries no balances. */
  format: 'camt053' | 'camt054' | 'mt940'
  /** The bank's statement id (CAMT Stmt/Id or Ntfctn/Id, MT940 :20: with :28C:), named when the file is refused. */
  statementId: string
  /** The account: an IBAN where the bank gives one, else the bank's own account text (MT940 :25:). */
  account: string
  currency: string
  /** Exact amounts in units of 1/100,000 (see amounts.ts); a notification's are 0 and its sum. */
  openingUnits: number
  openingDate: string
  closingUnits: number
  closingDate: string
  /** False for a camt.054 notification: no balances to check or chart. */
  hasBalances: boolean
  entries: ParsedEntry[]
}

/** One booked movement; a batch booking with per-transaction details becomes one entry per transaction. */
export interface ParsedEntry {
  bookingDate: string
  valueDate: string
  /** Exact, in units of 1/100,000 (see amounts.ts); signed: credits positive, debits negative. */
  amountUnits: number
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
  /**
   * Set on a collective booking (Sammelbuchung): the batch's bank reference and its number of transactions. `total` is
   * the booking's amount when this entry is one of its single items, or null when the bank gave only the total.
   */
  batch: { reference: string | null; count: number; totalUnits: number | null } | null
}

/** Why a bank file is refused: an i18n key of `banking` with its values, and the statement it concerns. */
export class BankFileError extends Error {
  override readonly name = 'BankFileError'
  constructor(
    readonly rule: 'unreadable' | 'truncated' | 'unknownTag' | 'unbalanced' | 'missing' | 'format' | 'xmlDoctype' | 'xmlTooDeep' | 'nul' | 'amount' | 'field' | 'interim',
    /** `expected`: the rule the element breaks (an amount's `decimals`/`digits`/`form`, a field's layout). */
    readonly params: { statement?: string; detail?: string; line?: number; column?: number; max?: number; expected?: string; value?: string },
  ) {
    super(`${rule}${params.statement ? ` in statement ${params.statement}` : ''}${params.detail ? `: ${params.detail}` : ''}${params.line ? ` (line ${params.line})` : ''}`)
  }
}
