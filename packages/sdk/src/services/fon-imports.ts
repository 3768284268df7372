import { Type, type Static } from '@feathersjs/typebox'
import { FON_IMPORT_KINDS, type FonImportKind } from '../domain/index'
import { MAX_INTEGER, MAX_SOCKET_IMPORT_CHARS, fileText, pageSchemas, type Creates, type Finds, type Gets, type Page } from './common'
import { defineService, sessionRule } from './descriptor'

/** Path of the FON imports: each upload of the firm's records or the FinanzOnline quota list, run as a job. */
export const fonImportsPath = 'fon-imports'

/** Methods of fon-imports: list, follow one, upload a file. */
export const fonImportsMethods = ['find', 'get', 'create'] as const

/** The largest file sent over the socket, base64 (about 1.4 MB of CSV or XLSX): a socket message is at most 2 MB. */
export const MAX_FON_IMPORT_BASE64 = MAX_SOCKET_IMPORT_CHARS

/** The largest file the import door (importFileHttpPaths) takes. */
export const MAX_FON_IMPORT_FILE_BYTES = 25 * 1024 * 1024

const kindSchema = Type.Unsafe<FonImportKind>({ type: 'string', enum: [...FON_IMPORT_KINDS] })

/** Where a refused file broke a rule. */
export const fonImportProblemSchema = Type.Object(
  { row: Type.Integer(), column: Type.String(), rule: Type.String(), value: Type.String() },
  { $id: 'FonImportProblem', additionalProperties: false },
)

/**
 * What an import would do (its dry run): the items there would be, how many it would write (new or changed) and
 * remove, and the items per state afterwards.
 */
export const fonImportPreviewSchema = Type.Object(
  {
    items: Type.Integer(),
    changed: Type.Integer(),
    removed: Type.Integer(),
    states: Type.Record(Type.String(), Type.Integer()),
    /** The other side is not imported yet: nothing would be reconciled. */
    reconciles: Type.Boolean(),
  },
  { $id: 'FonImportPreview', additionalProperties: false },
)

/** The preview of an import. */
export type FonImportPreview = Static<typeof fonImportPreviewSchema>

/** An import as its list shows it: state (inProgress, done, failed), progress 0–100, rows, and why it failed. */
export const fonImportSchema = Type.Object(
  {
    id: Type.Integer({ minimum: 1, maximum: MAX_INTEGER }),
    kind: kindSchema,
    fileName: Type.String(),
    state: Type.Union([Type.Literal('inProgress'), Type.Literal('done'), Type.Literal('failed')]),
    progress: Type.Integer({ minimum: 0, maximum: 100 }),
    rows: Type.Integer(),
    /** The first broken row of a refused file. */
    problem: Type.Union([fonImportProblemSchema, Type.Null()]),
    /** Why a job failed otherwise (an i18n key). */
    error: Type.Union([Type.String(), Type.Null()]),
    createdBy: Type.Union([Type.String(), Type.Null()]),
    createdAt: Type.String({ format: 'date-time' }),
    finishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    /** A dry run's answer (nothing stored, id 0): what the import would make of the items. */
    preview: Type.Optional(fonImportPreviewSchema),
  },
  { $id: 'FonImport', additionalProperties: false },
)

/** One import. */
export type FonImport = Static<typeof fonImportSchema>

/** fon-imports.find: newest first, optionally one kind. */
export const fonImportsQuerySchema = Type.Object(
  { kind: Type.Optional(kindSchema), ...pageSchemas },
  { $id: 'FonImportsQuery', additionalProperties: false },
)

/** Query of fon-imports.find. */
export type FonImportsQuery = Static<typeof fonImportsQuerySchema>

/**
 * fon-imports.create: the file (CSV or XLSX, told by its name), base64 in `content` over the socket, or the file part of
 * the import door (`content` left out). A file that breaks a rule is refused
 * (400) with its row, column and rule and changes nothing; a good one answers the import 'inProgress' and is
 * imported and reconciled by a background job, with `patched` events as it goes. With `dryRun` the file is only
 * checked and the answer's `preview` says what it would change.
 */
export const fonImportCreateSchema = Type.Object(
  {
    kind: kindSchema,
    fileName: Type.String({ minLength: 1, maxLength: 200, pattern: '\\.(csv|CSV|xlsx|XLSX)$' }),
    content: Type.Optional(fileText({ minLength: 1, maxLength: MAX_FON_IMPORT_BASE64, pattern: '^[A-Za-z0-9+/=\\s]+$' })),
    /** Check the file and answer what it would change (preview), storing nothing. */
    dryRun: Type.Optional(Type.Boolean()),
  },
  { $id: 'FonImportCreate', additionalProperties: false },
)

/** Data of fon-imports.create. */
export type FonImportCreate = Static<typeof fonImportCreateSchema>

/** Typed client view of fon-imports. */
export type FonImportsClientService = Finds<FonImportsQuery, Page<FonImport>> & Gets<FonImport> & Creates<FonImport, FonImportCreate>

/** The fon-imports service: adm; events (created, patched with progress) go to every administrator. */
export const fonImportsDescriptor = defineService<FonImportsClientService>()({
  path: fonImportsPath,
  methods: fonImportsMethods,
  schemas: { query: fonImportsQuerySchema, data: fonImportCreateSchema, result: fonImportSchema },
  abilities: { find: sessionRule(['adm']), get: sessionRule(['adm']), create: sessionRule(['adm']) },
  events: 'firm',
})
