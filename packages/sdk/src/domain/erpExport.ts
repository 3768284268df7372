/**
 * The ERP export's vocabulary (issue 12): the file formats a batch is written in, where a batch stands, why a
 * booking is refused before export, and what the ERP answered per document in its import result file.
 */

/** BMD NTCS booking import CSV, DATEV EXTF Buchungsstapel, or the portal's documented neutral CSV / JSON. */
export const ERP_EXPORT_FORMATS = ['bmd', 'datev', 'csv', 'json'] as const

/** One export format. */
export type ErpExportFormat = (typeof ERP_EXPORT_FORMATS)[number]

/**
 * Where a batch stands: `exported` (written, waiting for the ERP), `imported` (exp confirmed the import), `revoked`
 * (withdrawn; its bookings may be exported again).
 */
export const ERP_BATCH_STATUSES = ['exported', 'imported', 'revoked'] as const

/** One batch status. */
export type ErpBatchStatus = (typeof ERP_BATCH_STATUSES)[number]

/**
 * Why the check refuses a booking (i18n key `erp:refusal.<reason>`):
 * - missingAccount / missingCounterAccount: no supplier/customer account or no expense/revenue account;
 * - taxMismatch: the tax lines do not sum to the gross amount, or a line's tax is not its rate of its net amount;
 * - unknownTaxCode: the firm's tax-code table has no code of the target system for the line's code;
 * - periodClosed: the booking's period is closed in the ERP (company ERP settings, `closed_through`);
 * - alreadyExported: the booking is in a batch that is not revoked;
 * - missingExchangeRate: a foreign-currency booking without its exchange rate;
 * - missingDatevNumbers: DATEV needs the consultant and client numbers of the company's ERP settings (whole batch).
 */
export const ERP_REFUSAL_REASONS = [
  'missingAccount',
  'missingCounterAccount',
  'taxMismatch',
  'unknownTaxCode',
  'periodClosed',
  'alreadyExported',
  'missingExchangeRate',
  'missingDatevNumbers',
] as const

/** One refusal reason. */
export type ErpRefusalReason = (typeof ERP_REFUSAL_REASONS)[number]

/** What the ERP answered for one document: imported, refused with a message, or imported with a notice. */
export const ERP_RESULT_OUTCOMES = ['ok', 'error', 'info'] as const

/** One import outcome. */
export type ErpResultOutcome = (typeof ERP_RESULT_OUTCOMES)[number]

/** Where one booking of a batch stands in the ERP: `pending` until a result or the mark says otherwise. */
export type ErpItemStatus = 'pending' | 'imported' | 'error' | 'info'
