// The integration tests build their supplier invoices here; the generator lives with the extraction's test support.
export { supplierInvoicePdf } from '../extraction/test-support'
