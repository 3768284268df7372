import type { Knex } from 'knex'
import { earlierDocumentWithInvoice } from '../models/documents/index'

/** Props of findDuplicate. */
export interface FindDuplicateProps {
  db: Knex
  documentId: number
  companyNo: number
  /** The other party's VAT id and the invoice number, as the document row holds them. */
  vatId: string | null | undefined
  invoiceNumber: string | null | undefined
}

/** An earlier document of the same company with the same other party and invoice number (a probable duplicate), or null. */
export async function findDuplicate(props: FindDuplicateProps): Promise<number | null> {
  const { vatId, invoiceNumber } = props
  if (!vatId || !invoiceNumber) return null
  return earlierDocumentWithInvoice(props.db, { documentId: props.documentId, companyNo: props.companyNo, vatId, invoiceNumber })
}
