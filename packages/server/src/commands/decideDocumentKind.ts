import type { Knex } from 'knex'
import type { DocumentKind } from '@portal/sdk/domain'
import { directionOf } from '../extraction/rules/direction'
import { companyFacts } from '../models/companies'
import type { FieldValues } from '../models/documents/index'

/** Props of decideDocumentKind. */
export interface DecideDocumentKindProps {
  db: Knex
  companyNo: number
  /** The document's current field values (the parties). */
  values: FieldValues
  current: DocumentKind
}

/** Incoming or outgoing, by whether the client company is the document's buyer or its seller; otherwise the current kind. */
export async function decideDocumentKind(props: DecideDocumentKindProps): Promise<DocumentKind> {
  return directionOf(props.values, await companyFacts(props.db, props.companyNo), props.current)
}
