import { DOCUMENT_KINDS, LABEL_FIELDS, PAYMENT_METHODS, SETTLEMENT_KINDS, type LabelField } from '@portal/sdk/domain'
import type { TFunction } from 'i18next'

/** The kind of value a labelable field takes (LABEL_FIELDS); undefined for fields people cannot set. */
export function labelKind(field: string): (typeof LABEL_FIELDS)[LabelField] | undefined {
  return Object.hasOwn(LABEL_FIELDS, field) ? LABEL_FIELDS[field as LabelField] : undefined
}

/** True when people can set this field (by typing or pointing). */
export function isLabelField(field: string): field is LabelField {
  return labelKind(field) !== undefined
}

/** A choice of a field with a fixed set of values: the stored value and its words. */
export interface Choice {
  value: string
  label: string
}

/** The choices of a field whose values are a fixed set (flags, payment method, settlement, document kind); else null. */
export function choicesOf(field: string, t: TFunction): Choice[] | null {
  switch (labelKind(field)) {
    case 'boolean':
      return [
        { value: 'true', label: t('documents:screen.fields.yes') },
        { value: 'false', label: t('documents:screen.fields.no') },
      ]
    case 'paymentMethod':
      return PAYMENT_METHODS.map((value) => ({ value, label: t(`domain:paymentMethod.${value}`) }))
    case 'settlementKind':
      return SETTLEMENT_KINDS.map((value) => ({ value, label: t(`invoices:settlement.${value}`) }))
    case 'documentKind':
      return DOCUMENT_KINDS.map((value) => ({ value, label: t(`invoices:documentKind.${value}`) }))
    default:
      return null
  }
}
