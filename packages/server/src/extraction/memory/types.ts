import type { Box, FieldName } from '../types'

/** Where a supplier prints a field: the label before it and its box as a share of the page (0..1). */
export interface LearnedField {
  field: FieldName
  page: number
  /** Box relative to the page size, so it carries over between page formats. */
  box: Box | null
  label: string | null
  /** How many confirmed documents agreed on this place. */
  seen: number
}

/** What a person confirmed on one document: the value, where it stood, and the label next to it. */
export interface ConfirmedValue {
  field: FieldName
  value: string
  page: number | null
  box: Box | null
  label?: string
}

/** Booking defaults people chose for this supplier, offered again on its next document. */
export interface SupplierDefaults {
  account?: number
  cost_center?: string
  tax_code?: string
}

/** What the portal remembers about one supplier of a company. */
export interface SupplierMemory {
  vatId: string | null
  iban: string | null
  name: string | null
  fields: LearnedField[]
  defaults: SupplierDefaults
  documents: number
}

/** A page's size in points, to turn boxes into shares of the page and back. */
export interface PageSize {
  page: number
  width: number
  height: number
}
