import { Type, type Static } from '@feathersjs/typebox'
import {
  accountSystemSchema,
  accountingYearSchema,
  companyNoSchema,
  pageSchemas,
  selectSchema,
  sortSchema,
  type Page,
  type Creates,
  type Finds,
  type Gets,
  type Patches,
} from './common'
import { ACCOUNT_TYPES } from '../domain/accounts'
import { companyRule, defineService } from './descriptor'

/** Path of the supplier and customer account service (SPEC §7). */
export const accSuppliersPath = 'acc-suppliers'

/** Methods the acc-suppliers service offers; create and patch need permission acc. */
export const accSuppliersMethods = ['find', 'get', 'create', 'patch'] as const

/**
 * Account types (SPEC §9, AccountType of @portal/sdk/domain): 2 customer, 3 supplier, 4 both. Suppliers are
 * found with SUPPLIER_TYPES, customers with CUSTOMER_TYPES.
 */
export const accountTypeSchema = Type.Union(ACCOUNT_TYPES.map((type) => Type.Literal(type)))

/** Account type 2, 3 or 4. */
export type AccountType = Static<typeof accountTypeSchema>

const optionalText = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]))

/** A supplier or customer account of a company in one accounting period (SPEC §3). */
export const supplierAccountSchema = Type.Object(
  {
    id: Type.Integer(),
    company_no: Type.Integer(),
    accounting: Type.Integer(),
    account: Type.Integer(),
    name: Type.String(),
    type: accountTypeSchema,
    vat_id: Type.Union([Type.String(), Type.Null()]),
    iban: Type.Union([Type.String(), Type.Null()]),
    street: Type.Union([Type.String(), Type.Null()]),
    zip: Type.Union([Type.String(), Type.Null()]),
    town: Type.Union([Type.String(), Type.Null()]),
    country: Type.Union([Type.String(), Type.Null()]),
    /** The failed check of a UID kept though it fails (the validator's message key), or null. */
    vat_id_check: Type.Union([Type.String(), Type.Null()]),
    /** Payment terms as read from the supplier's invoice: days to pay, Skonto rate and its days. */
    payment_days: Type.Union([Type.Integer(), Type.Null()]),
    skonto_percent: Type.Union([Type.String(), Type.Null()]),
    skonto_days: Type.Union([Type.Integer(), Type.Null()]),
    /** Booking defaults: the expense or revenue account, tax code and cost centre this partner is booked with. */
    counter_account: Type.Union([Type.Integer(), Type.Null()]),
    tax_code: Type.Union([Type.String(), Type.Null()]),
    cost_center: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { $id: 'SupplierAccount', additionalProperties: false },
)

/** A supplier or customer account. */
export type SupplierAccount = Static<typeof supplierAccountSchema>

/** Fields a find may $select or $sort on. */
export const supplierAccountFields = [
  'id',
  'company_no',
  'accounting',
  'account',
  'name',
  'type',
  'vat_id',
  'iban',
  'street',
  'zip',
  'town',
  'country',
  'vat_id_check',
  'payment_days',
  'skonto_percent',
  'skonto_days',
  'counter_account',
  'tax_code',
  'cost_center',
  'created_at',
  'updated_at',
] as const

/** Payment terms of an account, as create and patch take them (null clears one). */
const paymentTermsSchemas = {
  payment_days: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 365 }), Type.Null()])),
  skonto_percent: Type.Optional(Type.Union([Type.String({ pattern: '^\\d{1,2}(\\.\\d{1,2})?$' }), Type.Null()])),
  skonto_days: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 365 }), Type.Null()])),
}

/** The booking defaults of an account, as create and patch take them (null clears one). */
const accountDefaultsSchemas = {
  counter_account: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 999999999 }), Type.Null()])),
  tax_code: optionalText(8),
  cost_center: optionalText(20),
}

/**
 * Data of create. Numbers 200000-299999 are customer accounts: type 2 needs one, type 3 must not have one; without a
 * type the number decides (customer or supplier). Without an accounting the company's current one is used. The server
 * checks the VAT id and IBAN, refuses a VAT id or IBAN another account of the company has (409 naming it) and checks
 * the defaults against the company's expense accounts, tax codes and cost centres.
 */
export const supplierAccountDataSchema = Type.Object(
  {
    client: companyNoSchema,
    accounting: Type.Optional(accountingYearSchema),
    account: Type.Integer({ minimum: 1, maximum: 999999999 }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    type: Type.Optional(accountTypeSchema),
    vat_id: optionalText(20),
    iban: optionalText(42),
    street: optionalText(200),
    zip: optionalText(20),
    town: optionalText(100),
    country: optionalText(2),
    ...paymentTermsSchemas,
    /** Keep a UID that fails its check (a supplier's printed UID): stored with its failed check in `vat_id_check`. */
    keep_failed_vat_id: Type.Optional(Type.Boolean()),
    ...accountDefaultsSchemas,
  },
  { $id: 'SupplierAccountData', additionalProperties: false },
)

/** Data of acc-suppliers.create. */
export type SupplierAccountData = Static<typeof supplierAccountDataSchema>

/** Data of patch: name, address details and booking defaults; number, type and company never change. */
export const supplierAccountPatchSchema = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    vat_id: optionalText(20),
    iban: optionalText(42),
    street: optionalText(200),
    zip: optionalText(20),
    town: optionalText(100),
    country: optionalText(2),
    ...paymentTermsSchemas,
    ...accountDefaultsSchemas,
  },
  { $id: 'SupplierAccountPatch', additionalProperties: false, minProperties: 1 },
)

/** Data of acc-suppliers.patch. */
export type SupplierAccountPatch = Static<typeof supplierAccountPatchSchema>

/** acc-suppliers.find: one company's accounts of the given types, optionally one period and a name/number search. */
export const accSuppliersQuerySchema = Type.Object(
  {
    client: companyNoSchema,
    acc: accountSystemSchema,
    types: Type.Array(accountTypeSchema, { minItems: 1, maxItems: 3, uniqueItems: true }),
    accounting: Type.Optional(accountingYearSchema),
    search: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    ...pageSchemas,
    $sort: sortSchema(supplierAccountFields),
    $select: selectSchema(supplierAccountFields),
  },
  { $id: 'AccSuppliersQuery', additionalProperties: false },
)

/** Query of acc-suppliers.find. */
export type AccSuppliersQuery = Static<typeof accSuppliersQuerySchema>

/** Default page size of acc-suppliers.find. */
export const ACC_SUPPLIERS_DEFAULT_LIMIT = 1000

/**
 * Typed client view: find answers a page ({total, limit, skip, data}); `created` and `patched` events carry new and
 * changed accounts to the company's connections.
 */
export type AccSuppliersClientService = Finds<AccSuppliersQuery, Page<SupplierAccount>> &
  Gets<SupplierAccount> &
  Creates<SupplierAccount, SupplierAccountData> &
  Patches<SupplierAccount, SupplierAccountPatch>

/** The acc-suppliers service: read with the company, written with acc and the company; events go to the company. */
export const accSuppliersDescriptor = defineService<AccSuppliersClientService>()({
  path: accSuppliersPath,
  methods: accSuppliersMethods,
  schemas: {
    query: accSuppliersQuerySchema,
    data: supplierAccountDataSchema,
    patch: supplierAccountPatchSchema,
    result: supplierAccountSchema,
  },
  abilities: {
    find: companyRule(),
    get: companyRule(),
    create: companyRule(['acc']),
    patch: companyRule(['acc']),
  },
  events: 'company',
})
