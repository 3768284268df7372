import { buildPath, routeByName } from '@portal/sdk/state'

/**
 * Where a booked document opens in Accounting: the confirmed incoming view with the document (an outgoing one says
 * there which view it belongs to, with a link), so staff can reverse and correct it or read the ERP's message.
 */
export function accountingHref(companyNo: number, documentId: number): string {
  return buildPath(routeByName('invoices').path, { client: companyNo, document_type: 'er', document_id: documentId })
}
