/** English texts of the ERP export: formats, batch states, refusals before export, import results, errors. */
export const erp = {
  format: {
    bmd: 'BMD NTCS',
    datev: 'DATEV (EXTF Buchungsstapel)',
    csv: 'Neutral CSV',
    json: 'Neutral JSON',
  },
  status: {
    exported: 'Exported',
    imported: 'Imported',
    revoked: 'Revoked',
  },
  itemStatus: {
    pending: 'Waiting for the ERP',
    imported: 'Imported',
    error: 'ERP error',
    info: 'ERP notice',
  },
  refusal: {
    missingAccount: 'Booking {{bookingNo}} (document {{documentId}}) has no supplier or customer account.',
    missingCounterAccount: 'Booking {{bookingNo}} (document {{documentId}}) has no expense or revenue account.',
    taxMismatch: 'Booking {{bookingNo}} (document {{documentId}}): the tax lines do not add up ({{detail}}).',
    unknownTaxCode: 'Booking {{bookingNo}} (document {{documentId}}): tax code {{taxCode}} has no code in {{format}}. Add it to the tax code table.',
    periodClosed: 'Booking {{bookingNo}} (document {{documentId}}) is in period {{period}}, which is closed in the ERP (closed through {{closedThrough}}).',
    alreadyExported: 'Booking {{bookingNo}} (document {{documentId}}) is already in export batch {{batchId}}. Revoke that batch to export it again.',
    missingExchangeRate: 'Booking {{bookingNo}} (document {{documentId}}) is in {{currency}} but has no exchange rate.',
    missingDatevNumbers: 'DATEV needs the consultant number and the client number of company {{companyNo}}. Enter them in the company’s ERP settings.',
  },
  error: {
    batchRefused: 'The export was refused: {{count}} booking(s) would be wrong. Correct them or leave them out, then export again.',
    nothingToExport: 'There is no booked document left to export for company {{companyNo}} in this period.',
    batchNotFound: 'Export batch {{id}} does not exist or you lack permission to see it.',
    batchRevoked: 'Export batch {{id}} is revoked.',
    batchImported: 'Export batch {{id}} was imported into the ERP and can no longer be revoked.',
    rangeRequired: 'Give either a period (YYYY-MM) or a date range (from and to).',
    datevOneYear: 'A DATEV batch covers one fiscal year: {{from}} and {{to}} lie in different ones. Export each year on its own.',
    rangeOrder: 'The start date {{from}} is after the end date {{to}}.',
    resultHeader: 'The import result file could not be read at line {{line}}: the first line must name the columns belegnr (or booking_no) and status, and may name meldung (or message).',
    resultStatus: 'The import result file could not be read at line {{line}}: status "{{status}}" is none of ok, error, info.',
    resultNumber: 'The import result file could not be read at line {{line}}: "{{value}}" is not a booking number.',
  },
} as const
