import type { Message } from '../i18n/types'
import { integer, maxLength, notEmpty } from '../validators/generic'
import { validate } from '../validators/result'
import { vatId } from '../validators/vatId'

/** The tax firm form (SPEC §3 "Tax firm", §5 "Firm form"); the WEBEKU password is write-only and not part of it. */
export interface FirmFields {
  name: string
  /** The firm's id in NTCS: a whole number. */
  ntcsId: string
  webekuUser: string
}

/** Field → what is wrong; empty when the firm may be saved. Web and server use this one copy. */
export function validateFirm(fields: FirmFields): Partial<Record<keyof FirmFields, Message>> {
  const problems: Partial<Record<keyof FirmFields, Message>> = {}
  const name = validate(fields.name.trim(), [notEmpty, maxLength(200)])
  if (name) problems.name = name
  const ntcsId = validate(fields.ntcsId.trim(), [notEmpty, integer, maxLength(9)])
  if (ntcsId) problems.ntcsId = ntcsId
  const user = validate(fields.webekuUser.trim(), [notEmpty, maxLength(100)])
  if (user) problems.webekuUser = user
  return problems
}

/** The address form of the register (/admin/addresses): SPEC §3 "Address" and §5's RPA rules. */
export interface AddressFields {
  name: string
  street: string
  zip: string
  town: string
  /** ISO country code (two letters), e.g. AT. */
  country: string
  rpaId: string
  vatId: string
}

/** Field → what is wrong; a name is required, a VAT id (optional) must be valid for the address's country. */
export function validateAddress(fields: AddressFields): Partial<Record<keyof AddressFields, Message>> {
  const problems: Partial<Record<keyof AddressFields, Message>> = {}
  if (fields.name.trim() === '') problems.name = { key: 'validation:rpa.nameRequired' }
  for (const field of ['street', 'zip', 'town', 'rpaId'] as const) {
    const problem = maxLength(200)(fields[field])
    if (problem) problems[field] = problem
  }
  if (fields.country.trim() !== '' && !/^[A-Za-z]{2}$/.test(fields.country.trim())) problems.country = { key: 'validation:pattern' }
  if (fields.vatId.trim() !== '') {
    const problem = vatId(fields.vatId, fields.country.trim() ? { country: fields.country.trim() } : {})
    if (problem) problems.vatId = problem
  }
  return problems
}
