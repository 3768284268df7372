import { Type, type Static } from '@feathersjs/typebox'
import { SV_IMPORT_KINDS, type SvImportKind } from '../domain/svImport'
import { MAX_INTEGER, MAX_SOCKET_IMPORT_CHARS, fileText, pageSchemas, type Creates, type Finds, type Gets, type Page } from './common'
import { defineService, sessionRule } from './descriptor'

/** Path of the contribution-account imports: each upload of the firm's export, run as a background job. */
export const svImportsPath = 'sv-imports'

/** Methods of sv-imports: list, follow one, upload a file. */
export const svImportsMethods = ['find', 'get', 'create'] as const

/** The largest file sent over the socket, base64 (about 1.4 MB): a socket message is at most 2 MB. */
export const MAX_SV_IMPORT_BASE64 = MAX_SOCKET_IMPORT_CHARS

/** The largest file the import door (importFileHttpPaths) takes. */
export const MAX_SV_IMPORT_FILE_BYTES = 25 * 1024 * 1024

const kindSchema = Type.Unsafe<SvImportKind>({ type: 'string', enum: [...SV_IMPORT_KINDS] })

/** Where a refused file broke a rule. */
export const svImportProblemSchema = Type.Object(
  { row: Type.Integer(), column: Type.String(), rule: Type.String(), value: Type.String() },
  { $id: 'SvImportProblem', additionalProperties: false },
)

/** What an import would do (its check, nothing stored): accounts it would add and change, and the accounts whose transactions or authorizations it would replace. */
export const svImportPreviewSchema = Type.Object(
  { added: Type.Integer(), changed: Type.Integer(), replaced: Type.Integer() },
  { $id: 'SvImportPreview', additionalProperties: false },
)

/** The preview of an import. */
export type SvImportPreview = Static<typeof svImportPreviewSchema>

/** An import: state (inProgress, done, failed), progress 0–100, rows, and why it failed. */
export const svImportSchema = Type.Object(
  {
    id: Type.Integer({ minimum: 1, maximum: MAX_INTEGER }),
    kind: kindSchema,
    fileName: Type.String(),
    state: Type.Union([Type.Literal('inProgress'), Type.Literal('done'), Type.Literal('failed')]),
    progress: Type.Integer({ minimum: 0, maximum: 100 }),
    rows: Type.Integer(),
    problem: Type.Union([svImportProblemSchema, Type.Null()]),
    error: Type.Union([Type.String(), Type.Null()]),
    createdBy: Type.Union([Type.String(), Type.Null()]),
    createdAt: Type.String({ format: 'date-time' }),
    finishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    /** A check's answer (id 0, nothing stored): what the import would change. */
    preview: Type.Optional(svImportPreviewSchema),
  },
  { $id: 'SvImport', additionalProperties: false },
)

/** One import. */
export type SvImport = Static<typeof svImportSchema>

/** sv-imports.find: newest first. */
export const svImportsQuerySchema = Type.Object({ ...pageSchemas }, { $id: 'SvImportsQuery', additionalProperties: false })

/** Query of sv-imports.find. */
export type SvImportsQuery = Static<typeof svImportsQuerySchema>

/**
 * sv-imports.create: a file (CSV or XLSX, told by its name), base64 in `content` over the socket, or the file part of the
 * import door (`content` left out). A broken file is refused (400) with its row,
 * column and rule and changes nothing; a good one is answered 'inProgress' and imported by a job (`patched` events).
 * With `dryRun` the file is only checked and the answer's `preview` says what it would change.
 */
export const svImportCreateSchema = Type.Object(
  {
    kind: kindSchema,
    fileName: Type.String({ minLength: 1, maxLength: 200, pattern: '\\.(csv|CSV|xlsx|XLSX)$' }),
    content: Type.Optional(fileText({ minLength: 1, maxLength: MAX_SV_IMPORT_BASE64, pattern: '^[A-Za-z0-9+/=\\s]+$' })),
    /** Only check the file and answer what it would change (preview), storing nothing. */
    dryRun: Type.Optional(Type.Boolean()),
  },
  { $id: 'SvImportCreate', additionalProperties: false },
)

/** Data of sv-imports.create. */
export type SvImportCreate = Static<typeof svImportCreateSchema>

/** Typed client view of sv-imports. */
export type SvImportsClientService = Finds<SvImportsQuery, Page<SvImport>> & Gets<SvImport> & Creates<SvImport, SvImportCreate>

/** The sv-imports service: administrators only; events go to every administrator. */
export const svImportsDescriptor = defineService<SvImportsClientService>()({
  path: svImportsPath,
  methods: svImportsMethods,
  schemas: { query: svImportsQuerySchema, data: svImportCreateSchema, result: svImportSchema },
  abilities: { find: sessionRule(['adm']), get: sessionRule(['adm']), create: sessionRule(['adm']) },
  events: 'firm',
})
