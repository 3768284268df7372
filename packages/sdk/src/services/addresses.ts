import { Type, type Static } from '@feathersjs/typebox'
import { REGISTER_SEARCH_MAX_LENGTH } from '../domain/constants'
import { MAX_INTEGER, pageSchemas, type Creates, type Finds, type Gets, type Page, type Patches } from './common'
import { defineService, sessionRule } from './descriptor'

/** Path of the address register (RPA addresses, /admin/addresses). */
export const addressesPath = 'addresses'

/** Methods of addresses: list and search, one, create, edit. */
export const addressesMethods = ['find', 'get', 'create', 'patch'] as const

/**
 * The outcome of a VAT id (UID) check: `valid` (format, check digit and VIES confirmed it), `formatValid` (format and
 * check digit right, VIES not asked or not reachable: 'check failed'), `invalid` (VIES says the number is not
 * valid), or `formatInvalid` (refused locally; never stored, kept for completeness).
 */
export const vatCheckStates = ['valid', 'formatValid', 'invalid', 'formatInvalid'] as const

/** One state of a VAT id check. */
export type VatCheckState = (typeof vatCheckStates)[number]

/** The last VAT id check of an address, with its date. */
export const vatCheckSchema = Type.Object(
  {
    vatId: Type.String(),
    state: Type.Unsafe<VatCheckState>({ type: 'string', enum: [...vatCheckStates] }),
    /** The i18n key of what the check said (e.g. validation:vatId.checkFailed when VIES was unreachable). */
    message: Type.Union([Type.String(), Type.Null()]),
    /** The name and address VIES holds for the number, when it gave them. */
    viesName: Type.Union([Type.String(), Type.Null()]),
    viesAddress: Type.Union([Type.String(), Type.Null()]),
    checkedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'VatCheck', additionalProperties: false },
)

/** A VAT id check result. */
export type VatCheck = Static<typeof vatCheckSchema>

/** An address of the register. */
export const addressSchema = Type.Object(
  {
    id: Type.Integer({ minimum: 1, maximum: MAX_INTEGER }),
    name: Type.String(),
    street: Type.String(),
    zip: Type.String(),
    town: Type.String(),
    country: Type.String(),
    rpaId: Type.String(),
    vatId: Type.String(),
    vatCheck: Type.Union([vatCheckSchema, Type.Null()]),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'Address', additionalProperties: false },
)

/** An address. */
export type Address = Static<typeof addressSchema>

/** addresses.find: a search over name, town, RPA id and VAT id (cut after 50 characters, SPEC §5), by name. */
export const addressesQuerySchema = Type.Object(
  { search: Type.Optional(Type.String({ maxLength: 500 })), ...pageSchemas },
  { $id: 'AddressesQuery', additionalProperties: false },
)

/** Query of addresses.find. */
export type AddressesQuery = Static<typeof addressesQuerySchema>

const fields = {
  name: Type.String({ maxLength: 200 }),
  street: Type.Optional(Type.String({ maxLength: 200 })),
  zip: Type.Optional(Type.String({ maxLength: 20 })),
  town: Type.Optional(Type.String({ maxLength: 200 })),
  country: Type.Optional(Type.String({ maxLength: 2 })),
  rpaId: Type.Optional(Type.String({ maxLength: 200 })),
  vatId: Type.Optional(Type.String({ maxLength: 40 })),
}

/** addresses.create: a name is required; a VAT id already in the register refuses the creation naming its entry. */
export const addressCreateSchema = Type.Object(fields, { $id: 'AddressCreate', additionalProperties: false })

/** Data of addresses.create. */
export type AddressCreate = Static<typeof addressCreateSchema>

/** addresses.patch: any of the fields; `recheckVatId` asks VIES again for the stored VAT id. */
export const addressPatchSchema = Type.Object(
  { ...fields, name: Type.Optional(fields.name), recheckVatId: Type.Optional(Type.Boolean()) },
  { $id: 'AddressPatch', additionalProperties: false, minProperties: 1 },
)

/** Data of addresses.patch. */
export type AddressPatch = Static<typeof addressPatchSchema>

/** The longest search text the register looks at. */
export const ADDRESS_SEARCH_MAX_LENGTH = REGISTER_SEARCH_MAX_LENGTH

/** Typed client view of addresses. */
export type AddressesClientService = Finds<AddressesQuery, Page<Address>> & Gets<Address> & Creates<Address, AddressCreate> & Patches<Address, AddressPatch>

/** The addresses service: administrators only; changes are audited and reach every administrator. */
export const addressesDescriptor = defineService<AddressesClientService>()({
  path: addressesPath,
  methods: addressesMethods,
  schemas: { query: addressesQuerySchema, data: addressCreateSchema, patch: addressPatchSchema, result: addressSchema },
  abilities: { find: sessionRule(['adm']), get: sessionRule(['adm']), create: sessionRule(['adm']), patch: sessionRule(['adm']) },
  events: 'firm',
})
