import { Type, type Static } from '@feathersjs/typebox'
import { type Finds, type Patches, type Removes } from './common'
import { defineService, sessionRule } from './descriptor'

/** Path of the tax firm (Kanzlei): its name, NTCS id and WEBEKU credentials (SPEC §3). */
export const firmPath = 'firm'

/** Methods of firm: read, save, delete. The record id is always 'firm' (there is one). */
export const firmMethods = ['find', 'patch', 'remove'] as const

/**
 * The firm as every answer shows it: never the WEBEKU password, only whether one is stored. `saved` is false until
 * the firm was first saved (the fields are then empty).
 */
export const firmSchema = Type.Object(
  {
    name: Type.String(),
    ntcsId: Type.Union([Type.Integer(), Type.Null()]),
    webekuUser: Type.String(),
    webekuPasswordSet: Type.Boolean(),
    saved: Type.Boolean(),
    updatedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { $id: 'Firm', additionalProperties: false },
)

/** The tax firm. */
export type Firm = Static<typeof firmSchema>

/** firm.find: no query. */
export const firmQuerySchema = Type.Object({}, { $id: 'FirmQuery', additionalProperties: false })

/**
 * firm.patch ('firm'): the form. The password is write-only: left out or empty it keeps the stored one; a first
 * save needs every field (SPEC §5 "name and fields required"; the NTCS id a number).
 */
export const firmPatchSchema = Type.Object(
  {
    name: Type.String({ maxLength: 200 }),
    ntcsId: Type.String({ maxLength: 20 }),
    webekuUser: Type.String({ maxLength: 100 }),
    webekuPassword: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { $id: 'FirmPatch', additionalProperties: false },
)

/** Data of firm.patch. */
export type FirmPatch = Static<typeof firmPatchSchema>

/** Typed client view of firm. */
export type FirmClientService = Finds<Record<string, never>, Firm> & Patches<Firm, FirmPatch> & Removes<Firm>

/** The firm service: administrators only; every change (never the password's value) goes to the audit log. */
export const firmDescriptor = defineService<FirmClientService>()({
  path: firmPath,
  methods: firmMethods,
  schemas: { query: firmQuerySchema, patch: firmPatchSchema, result: firmSchema },
  abilities: { find: sessionRule(['adm']), patch: sessionRule(['adm']), remove: sessionRule(['adm']) },
  events: 'none',
})
