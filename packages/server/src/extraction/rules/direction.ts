import { DocumentKind } from '@portal/sdk/domain'

/** What the direction rule knows of the client company. */
export interface CompanyFacts {
  vat_id?: string | null
  iban?: string | null
  company_name?: string | null
}

const text = (values: Partial<Record<string, string>>, field: string): string | null => {
  const value = values[field]
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
}

const normalizeId = (value: string | null | undefined): string => (value ?? '').replace(/[\s.-]/g, '').toUpperCase()

/**
 * Incoming (ER) or outgoing (AR): the client company is the buyer of an incoming invoice and the seller of
 * an outgoing one, recognised by VAT id, then IBAN, then name. Without a clear sign the current kind stays;
 * cash-book and other documents keep theirs.
 */
export function directionOf(values: Partial<Record<string, string>>, company: CompanyFacts | undefined, current: DocumentKind): DocumentKind {
  if (!company || (current !== DocumentKind.ER && current !== DocumentKind.AR)) return current
  const vat = normalizeId(company.vat_id)
  if (vat) {
    if (normalizeId(text(values, 'seller_vat_id')) === vat) return DocumentKind.AR
    if (normalizeId(text(values, 'buyer_vat_id')) === vat) return DocumentKind.ER
  }
  const iban = normalizeId(company.iban)
  if (iban && normalizeId(text(values, 'iban')) === iban) return DocumentKind.AR
  const name = (company.company_name ?? '').toLowerCase()
  if (name) {
    if ((text(values, 'seller_name') ?? '').toLowerCase() === name) return DocumentKind.AR
    if ((text(values, 'buyer_name') ?? '').toLowerCase() === name) return DocumentKind.ER
  }
  return current
}
