import type { Knex } from 'knex'
import { DocumentKind, isCashPayment } from '@portal/sdk/domain'
import { directionOf } from '../extraction/rules/direction'
import { companyFacts, keepsCashBook } from '../models/companies'
import type { FieldValues } from '../models/documents/index'

/** Props of decideDocumentKind. */
export interface DecideDocumentKindProps {
  db: Knex
  companyNo: number
  /** The document's current field values (the parties, the payment method). */
  values: FieldValues
  current: DocumentKind
}

/**
 * Incoming or outgoing, by whether the client company is the document's buyer or its seller; otherwise the current
 * kind. An incoming receipt paid cash goes to the cash book (KA) when the company keeps one.
 */
export async function decideDocumentKind(props: DecideDocumentKindProps): Promise<DocumentKind> {
  const kind = directionOf(props.values, await companyFacts(props.db, props.companyNo), props.current)
  if (kind === DocumentKind.ER && isCashPayment(props.values.payment_method) && (await keepsCashBook(props.db, props.companyNo))) return DocumentKind.KA
  return kind
}
