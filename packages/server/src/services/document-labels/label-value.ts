import { BadRequest } from '@feathersjs/errors'
import { LABEL_FIELDS, type LabelField } from '@portal/sdk/services'
import { iban as ibanRule, normalizeIban, normalizeVatId, sixDigits, vatId as vatIdRule } from '@portal/sdk/validators'
import { canonicalDecimal } from '../../extraction/money'

function refuse(field: string, key: string, rule: string, params: Record<string, unknown> = {}): BadRequest {
  return new BadRequest(`Field "value" for ${field} must be ${rule}`, { key, params: { field, rule, ...params } })
}

/** Checks and normalises a labelled value by the field's kind; BadRequest names the field and the rule. */
export function normalizeLabelValue(field: LabelField, raw: string): string {
  const value = raw.trim()
  switch (LABEL_FIELDS[field]) {
    case 'date': {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
      const date = match ? new Date(Date.UTC(+match[1], +match[2] - 1, +match[3])) : null
      if (!match || !date || date.getUTCDate() !== +match[3] || date.getUTCMonth() !== +match[2] - 1) {
        throw refuse(field, 'validation:date', 'a date as YYYY-MM-DD')
      }
      return value
    }
    case 'amount': {
      const decimal = /^-?\d{1,13}(\.\d{1,2})?$/.test(value) ? canonicalDecimal(value) : null
      if (!decimal) throw refuse(field, 'validation:amount', 'an amount like 1234.56')
      return decimal
    }
    case 'currency':
      if (!/^[A-Z]{3}$/.test(value)) throw refuse(field, 'validation:currency', 'a three-letter currency code')
      return value
    case 'vatId': {
      const failure = vatIdRule(value)
      if (failure) throw refuse(field, failure.key, 'a valid VAT id', failure.params)
      return normalizeVatId(value)
    }
    case 'iban': {
      const failure = ibanRule(value)
      if (failure) throw refuse(field, failure.key, 'a valid IBAN')
      return normalizeIban(value)
    }
    case 'account': {
      const failure = sixDigits(value)
      if (failure) throw refuse(field, failure.key, 'six digits')
      return value
    }
    default:
      return value
  }
}
