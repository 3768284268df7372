import { Type, type Static } from '@feathersjs/typebox'
import { MAX_INTEGER, MAX_SOCKET_IMPORT_CHARS, companyNoSchema, fileText, type Creates } from './common'
import { companyRule, defineService } from './descriptor'

/** Path of statement imports: a CAMT.053/.054 or MT940 file of the company's accounts with approved access. */
export const bankStatementsPath = 'bank-statements'

/** Methods of bank-statements. */
export const bankStatementsMethods = ['create'] as const

/** The largest statement file the import door (importFileHttpPaths) takes: a busy company's month of CAMT.053. */
export const MAX_BANK_STATEMENT_FILE_BYTES = 25 * 1024 * 1024

/**
 * bank-statements.create: the file's text and, optionally, the access it is for. Over the socket `content` carries the
 * text (at most 1.9 MB: a socket message is at most 2 MB); through the import door the file is the request's file part
 * and `content` is left out.
 */
export const bankStatementDataSchema = Type.Object(
  {
    client: companyNoSchema,
    access_id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_INTEGER })),
    file_name: Type.String({ minLength: 1, maxLength: 255 }),
    content: Type.Optional(fileText({ minLength: 1, maxLength: MAX_SOCKET_IMPORT_CHARS })),
  },
  { $id: 'BankStatementData', additionalProperties: false },
)

/** Data of bank-statements.create. */
export type BankStatementData = Static<typeof bankStatementDataSchema>

/** What an import did in one account: a file of several accounts (MT940) sends each statement to its own. */
export interface BankImportAccountResult {
  access_id: number
  iban: string
  statements: string[]
  added: number
  duplicates: number
}

/** What an import did: its statements, movements added and already known, and the items settled by themselves. */
export interface BankImportResult {
  /** The (first) account imported into; `accounts` lists each. */
  access_id: number
  /** camt054: a notification of single items (collective bookings resolved). */
  format: 'camt053' | 'camt054' | 'mt940'
  statements: string[]
  added: number
  duplicates: number
  settled: number
  proposed: number
  accounts: BankImportAccountResult[]
}

/** Typed client view of bank-statements. */
export type BankStatementsClientService = Creates<BankImportResult, BankStatementData>

/** Statement imports: adm or ban of the company. */
export const bankStatementsDescriptor = defineService<BankStatementsClientService>()({
  path: bankStatementsPath,
  methods: bankStatementsMethods,
  schemas: { data: bankStatementDataSchema },
  abilities: { create: companyRule(['adm', 'ban']) },
  events: 'none',
})
