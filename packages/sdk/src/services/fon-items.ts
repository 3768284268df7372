import { Type, type Static } from '@feathersjs/typebox'
import { FON_RETURN_TYPES, MAX_REMARK_LENGTH, QUOTA_CONFLICT_KINDS, QUOTA_ITEM_STATES, type FonReturnType, type QuotaConflictKind, type QuotaItemState } from '../domain/index'
import { MAX_INTEGER, multiLineText, pageSchemas, sortSchema, type Finds, type Gets, type Page, type Patches } from './common'
import { defineService, sessionRule } from './descriptor'

/** Path of the FON quota items: one return of one client for one year, reconciled from both imports. */
export const fonItemsPath = 'fon-items'

/** Methods of fon-items: the admin group lists, opens, resolves and reopens. */
export const fonItemsMethods = ['find', 'get', 'patch'] as const

const enumOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: [...values] })
const nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()])
const dateText = () => nullable(Type.String({ format: 'date' }))

/** Fields fon-items.find may sort on. */
export const fonItemSortFields = ['name', 'taxId', 'state', 'year', 'returnType', 'receivedOn', 'submittedOn', 'employeeName', 'updatedAt'] as const

/** fon-items.find: narrowed by state, conflict kind, assigned employee (e-mail), return type, year or a search text. */
export const fonItemsQuerySchema = Type.Object(
  {
    state: Type.Optional(enumOf<QuotaItemState>(QUOTA_ITEM_STATES)),
    conflictKind: Type.Optional(enumOf<QuotaConflictKind>(QUOTA_CONFLICT_KINDS)),
    /** The assigned employee's e-mail (zustMa); 'none' lists the items of clients nobody is responsible for. */
    employee: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
    returnType: Type.Optional(enumOf<FonReturnType>(FON_RETURN_TYPES)),
    year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100 })),
    /** Open conflicts only (dataConflict and noNTCSRecord): the terminal's conflicts screen. */
    conflicts: Type.Optional(Type.Boolean()),
    search: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    ...pageSchemas,
    $sort: sortSchema(fonItemSortFields),
  },
  { $id: 'FonItemsQuery', additionalProperties: false },
)

/** Query of fon-items.find. */
export type FonItemsQuery = Static<typeof fonItemsQuerySchema>

/** One entry of an item's history: reconciled by an import, resolved or reopened by a person. */
export const fonItemHistorySchema = Type.Object(
  {
    at: Type.String({ format: 'date-time' }),
    actorName: nullable(Type.String()),
    action: Type.Union([Type.Literal('reconciled'), Type.Literal('resolved'), Type.Literal('reopened')]),
    fromState: nullable(Type.String()),
    toState: Type.String(),
    remark: nullable(Type.String()),
  },
  { $id: 'FonItemHistory', additionalProperties: false },
)

/** One history entry. */
export type FonItemHistory = Static<typeof fonItemHistorySchema>

/** A quota item with the columns of SPEC §3 and, for a conflict, both sides of the mismatch. */
export const fonItemSchema = Type.Object(
  {
    id: Type.Integer({ minimum: 1, maximum: MAX_INTEGER }),
    /** Stored as it came; the state of SPEC §4. */
    state: enumOf<QuotaItemState>(QUOTA_ITEM_STATES),
    conflictKind: Type.Union([enumOf<QuotaConflictKind>(QUOTA_CONFLICT_KINDS), Type.Null()]),
    /** The field the sides disagree on: taxId, submittedOn, receivedOn, or item (one side lists no such return). */
    conflictField: nullable(Type.String()),
    ntcsValue: nullable(Type.String()),
    fonValue: nullable(Type.String()),
    name: Type.String(),
    taxId: Type.String(),
    ntcsPersNr: nullable(Type.String()),
    returnType: enumOf<FonReturnType>(FON_RETURN_TYPES),
    year: Type.Integer(),
    /** abgabedatum: submission date in the firm's system. */
    submittedOn: dateText(),
    /** eingangsDatum: received date at FON. */
    receivedOn: dateText(),
    /** What to do next (text `fon:action.<key>`). */
    action: Type.String(),
    /** zustMa: the staff member responsible for the client. */
    employeeName: nullable(Type.String()),
    employeeEmail: nullable(Type.String()),
    regKassa: nullable(Type.String()),
    companyId: Type.Union([Type.Integer(), Type.Null()]),
    kontonr: nullable(Type.String()),
    ntcsId: nullable(Type.String()),
    kanzleiId: nullable(Type.String()),
    saldo: nullable(Type.String()),
    remark: nullable(Type.String()),
    resolvedBy: nullable(Type.String()),
    resolvedAt: nullable(Type.String({ format: 'date-time' })),
    /** Bumped by every change; a resolve may name the version it saw. */
    version: Type.Integer(),
    updatedAt: Type.String({ format: 'date-time' }),
    /** Every change, newest first (get only). */
    history: Type.Optional(Type.Array(fonItemHistorySchema)),
  },
  { $id: 'FonItem', additionalProperties: false },
)

/** One quota item. */
export type FonItem = Static<typeof fonItemSchema>

/**
 * fon-items.patch: resolve a conflict manually with a remark (required), or reopen a resolved one (back to the
 * state the last reconciliation gave it). `version`, when given, must be the item's current version.
 */
export const fonItemPatchSchema = Type.Object(
  {
    action: Type.Union([Type.Literal('resolve'), Type.Literal('reopen')]),
    remark: Type.Optional(multiLineText({ maxLength: MAX_REMARK_LENGTH })),
    version: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_INTEGER })),
  },
  { $id: 'FonItemPatch', additionalProperties: false },
)

/** Data of fon-items.patch. */
export type FonItemPatch = Static<typeof fonItemPatchSchema>

/** Typed client view of fon-items. */
export type FonItemsClientService = Finds<FonItemsQuery, Page<FonItem>> & Gets<FonItem> & Patches<FonItem, FonItemPatch>

/**
 * The fon-items service: the admin group (adm). Its `patched` events go to every administrator's connections (the
 * quota list is the firm's, not one company's), published by the server's registration, so a resolution shows in
 * every open browser and terminal.
 */
export const fonItemsDescriptor = defineService<FonItemsClientService>()({
  path: fonItemsPath,
  methods: fonItemsMethods,
  schemas: { query: fonItemsQuerySchema, patch: fonItemPatchSchema, result: fonItemSchema },
  abilities: { find: sessionRule(['adm']), get: sessionRule(['adm']), patch: sessionRule(['adm']) },
  events: 'firm',
})
