import { Type, type Static } from '@feathersjs/typebox'
import type { Finds, Gets, Patches } from './common'
import { defineService, sessionRule } from './descriptor'

/**
 * Path of the firm's tax code table: each portal tax code with the BMD steuercode and DATEV BU-Schlüssel the ERP
 * export writes for it (defaults in DEFAULT_TAX_CODE_TARGETS, the firm's changes laid over them). One table for the
 * whole firm, not per client company.
 */
export const taxCodesPath = 'tax-codes'

/** Methods of tax-codes: staff with acc or exp read; adm changes a line. */
export const taxCodesMethods = ['find', 'get', 'patch'] as const

/** One change of a line: who, when, the effective values before and after. */
export const taxCodeChangeSchema = Type.Object(
  {
    at: Type.String({ format: 'date-time' }),
    by: Type.Union([Type.String(), Type.Null()]),
    oldBmdSteuercode: Type.String(),
    oldDatevBu: Type.String(),
    newBmdSteuercode: Type.String(),
    newDatevBu: Type.String(),
  },
  { $id: 'TaxCodeChange', additionalProperties: false },
)

/** One change of a tax code line. */
export type TaxCodeChange = Static<typeof taxCodeChangeSchema>

/** A line of the table as the export uses it, with the defaults beside it and its last change. */
export const taxCodeLineSchema = Type.Object(
  {
    /** The portal's code, also the record id (e.g. 'V20'). */
    code: Type.String(),
    side: Type.Union([Type.Literal('input'), Type.Literal('output')]),
    case: Type.String(),
    rate: Type.Number(),
    bmdSteuercode: Type.String(),
    datevBu: Type.String(),
    defaultBmdSteuercode: Type.String(),
    defaultDatevBu: Type.String(),
    /** Where the default BMD steuercode comes from: BMD's published description ('vendor') or our choice ('default'). */
    defaultBmdSource: Type.Union([Type.Literal('vendor'), Type.Literal('default')]),
    /** Where the default DATEV BU-Schlüssel comes from: DATEV's published key table ('vendor') or our choice. */
    defaultDatevSource: Type.Union([Type.Literal('vendor'), Type.Literal('default')]),
    /** True when the firm changed this line (a value differs from the default). */
    changed: Type.Boolean(),
    updatedBy: Type.Union([Type.String(), Type.Null()]),
    updatedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    /** Every change, newest first (get only; find leaves it out). */
    history: Type.Optional(Type.Array(taxCodeChangeSchema)),
  },
  { $id: 'TaxCodeLine', additionalProperties: false },
)

/** One line of the firm's tax code table. */
export type TaxCodeLine = Static<typeof taxCodeLineSchema>

/** tax-codes.find takes no query: the whole table, in the order of the portal's tax codes. */
export const taxCodesQuerySchema = Type.Object({}, { $id: 'TaxCodesQuery', additionalProperties: false })

/** Query of tax-codes.find. */
export type TaxCodesQuery = Static<typeof taxCodesQuerySchema>

/**
 * Data of patch (id = the portal code): the new BMD steuercode (digits 0–99) and/or DATEV BU-Schlüssel (digits
 * 0–9999, '' for none); null puts a value back to the default. The server checks the code and both values and names
 * the field and the rule when refusing.
 */
export const taxCodePatchSchema = Type.Object(
  {
    bmdSteuercode: Type.Optional(Type.Union([Type.String({ maxLength: 10 }), Type.Null()])),
    datevBu: Type.Optional(Type.Union([Type.String({ maxLength: 10 }), Type.Null()])),
  },
  { $id: 'TaxCodePatch', additionalProperties: false, minProperties: 1 },
)

/** Data of tax-codes.patch. */
export type TaxCodePatch = Static<typeof taxCodePatchSchema>

/** Typed client view of tax-codes. */
export type TaxCodesClientService = Finds<TaxCodesQuery, TaxCodeLine[]> & Gets<TaxCodeLine> & Patches<TaxCodeLine, TaxCodePatch>

/** The tax-codes service: read with acc or exp, changed by adm; no company involved, no events. */
export const taxCodesDescriptor = defineService<TaxCodesClientService>()({
  path: taxCodesPath,
  methods: taxCodesMethods,
  schemas: { query: taxCodesQuerySchema, patch: taxCodePatchSchema, result: taxCodeLineSchema },
  abilities: {
    find: sessionRule(['acc', 'exp', 'adm']),
    get: sessionRule(['acc', 'exp', 'adm']),
    patch: sessionRule(['adm']),
  },
  events: 'none',
})
