import type { Knex } from 'knex'
import { CUSTOMER_TYPES, isIncomingKind, SUPPLIER_TYPES, type DocumentKind } from '@portal/sdk/domain'
import { accountBy } from '../models/accounts'
import type { FieldValues } from '../models/documents/index'

/** Props of matchAccount. */
export interface MatchAccountProps {
  db: Knex
  companyNo: number
  kind: DocumentKind
  /** The document's current field values. */
  values: FieldValues
}

/** The company's supplier (incoming) or customer (outgoing) account for a document: by VAT id, then IBAN, then name. */
export async function matchAccount(props: MatchAccountProps): Promise<number | null> {
  const { db, companyNo, values } = props
  const incoming = isIncomingKind(props.kind)
  const types = incoming ? SUPPLIER_TYPES : CUSTOMER_TYPES
  const vatId = values[incoming ? 'seller_vat_id' : 'buyer_vat_id']
  const name = values[incoming ? 'seller_name' : 'buyer_name']
  const iban = values.iban
  if (typeof vatId === 'string') {
    const account = await accountBy(db, companyNo, types, { vatId })
    if (account !== null) return account
  }
  // On an outgoing invoice the IBAN is the company's own.
  if (incoming && typeof iban === 'string') {
    const account = await accountBy(db, companyNo, types, { iban })
    if (account !== null) return account
  }
  if (typeof name === 'string' && name.trim().length >= 3) return accountBy(db, companyNo, types, { name })
  return null
}
