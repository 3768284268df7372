import type { CommandContext } from '../context'
import type { UploadOptions } from './upload/upload'
import type { CreateExportOptions } from './export/create'
import type { ListExportsOptions } from './export/list'
import type { ExportResultOptions } from './export/result'
import type { ListScannersOptions } from './scanners/list'
import type { RegisterScannerOptions } from './scanners/register'
import type { ListUsersOptions } from './users/list'
import type { UserFlags } from './users/change'
import type { ApplyUsersOptions } from './users/apply'
import type { ListFonOptions } from './fon/list'
import type { ImportFonOptions } from './fon/import'
import type { BankImportOptions } from './bank/import'
import type { ListRequestsOptions } from './requests/list'
import type { AnswerRequestOptions } from './requests/answer'
import type { CreateRunOptions, ProposeOptions } from './payments/propose'

/** The work behind each verb; commands only parse flags and call one of these. */
export interface Services {
  login(ctx: CommandContext): Promise<void>
  logout(ctx: CommandContext): Promise<void>
  whoami(ctx: CommandContext): Promise<void>
  listClients(ctx: CommandContext): Promise<void>
  tui(ctx: CommandContext): Promise<void>
  upload(ctx: CommandContext, options: UploadOptions): Promise<void>
  createExport(ctx: CommandContext, options: CreateExportOptions): Promise<void>
  listExports(ctx: CommandContext, options: ListExportsOptions): Promise<void>
  downloadExport(ctx: CommandContext, id: number, output: string | undefined): Promise<void>
  markExportImported(ctx: CommandContext, id: number): Promise<void>
  revokeExport(ctx: CommandContext, id: number): Promise<void>
  applyExportResult(ctx: CommandContext, options: ExportResultOptions): Promise<void>
  listScanners(ctx: CommandContext, options: ListScannersOptions): Promise<void>
  registerScanner(ctx: CommandContext, options: RegisterScannerOptions): Promise<void>
  rotateScanner(ctx: CommandContext, id: number): Promise<void>
  revokeScanner(ctx: CommandContext, id: number): Promise<void>
  setScannerActivated(ctx: CommandContext, id: number, activated: boolean): Promise<void>
  listUsers(ctx: CommandContext, options: ListUsersOptions): Promise<void>
  showUser(ctx: CommandContext, email: string): Promise<void>
  createUser(ctx: CommandContext, email: string, flags: UserFlags): Promise<void>
  editUser(ctx: CommandContext, email: string, flags: UserFlags): Promise<void>
  setUserEnabled(ctx: CommandContext, email: string, enabled: boolean): Promise<void>
  deleteUser(ctx: CommandContext, email: string, yes: boolean | undefined): Promise<void>
  applyUsers(ctx: CommandContext, file: string, options: ApplyUsersOptions): Promise<void>
  listFon(ctx: CommandContext, options: ListFonOptions): Promise<void>
  showFon(ctx: CommandContext, id: number): Promise<void>
  resolveFon(ctx: CommandContext, id: number, remark: string | undefined): Promise<void>
  reopenFon(ctx: CommandContext, id: number): Promise<void>
  importFon(ctx: CommandContext, options: ImportFonOptions): Promise<void>
  fonStatus(ctx: CommandContext, options: { year?: number }): Promise<void>
  fonConflicts(ctx: CommandContext): Promise<void>
  importBankStatement(ctx: CommandContext, options: BankImportOptions): Promise<void>
  listRequests(ctx: CommandContext, options: ListRequestsOptions): Promise<void>
  answerRequest(ctx: CommandContext, id: number, options: AnswerRequestOptions): Promise<void>
  closeRequest(ctx: CommandContext, id: number): Promise<void>
  proposePayments(ctx: CommandContext, options: ProposeOptions): Promise<void>
  createPaymentRun(ctx: CommandContext, options: CreateRunOptions): Promise<void>
  releasePaymentRun(ctx: CommandContext, id: number): Promise<void>
  downloadPaymentRun(ctx: CommandContext, id: number, output: string | undefined): Promise<void>
}

/**
 * The real services, each loaded when its verb runs (issue 38): `portal --help` or `clients list` must not load the
 * upload pipeline, the terminal app (React and Ink) or the CSV parser.
 */
export const defaultServices: Services = {
  login: async (ctx) => (await import('./auth/login')).login(ctx),
  logout: async (ctx) => (await import('./auth/logout')).logout(ctx),
  whoami: async (ctx) => (await import('./auth/whoami')).whoami(ctx),
  listClients: async (ctx) => (await import('./clients/list')).listClients(ctx),
  tui: async (ctx) => (await import('./tui/run-tui')).runTui(ctx),
  upload: async (ctx, options) => (await import('./upload/upload')).upload(ctx, options),
  createExport: async (ctx, options) => (await import('./export/create')).createExport(ctx, options),
  listExports: async (ctx, options) => (await import('./export/list')).listExports(ctx, options),
  downloadExport: async (ctx, id, output) => (await import('./export/download')).downloadExport(ctx, id, output),
  markExportImported: async (ctx, id) => (await import('./export/mark')).markExportImported(ctx, id),
  revokeExport: async (ctx, id) => (await import('./export/mark')).revokeExport(ctx, id),
  applyExportResult: async (ctx, options) => (await import('./export/result')).applyExportResult(ctx, options),
  listScanners: async (ctx, options) => (await import('./scanners/list')).listScanners(ctx, options),
  registerScanner: async (ctx, options) => (await import('./scanners/register')).registerScanner(ctx, options),
  rotateScanner: async (ctx, id) => (await import('./scanners/rotate')).rotateScanner(ctx, id),
  revokeScanner: async (ctx, id) => (await import('./scanners/revoke')).revokeScanner(ctx, id),
  setScannerActivated: async (ctx, id, activated) => (await import('./scanners/set-activated')).setScannerActivated(ctx, id, activated),
  listUsers: async (ctx, options) => (await import('./users/list')).listUsers(ctx, options),
  showUser: async (ctx, email) => (await import('./users/list')).showUser(ctx, email),
  createUser: async (ctx, email, flags) => (await import('./users/change')).createUser(ctx, email, flags),
  editUser: async (ctx, email, flags) => (await import('./users/change')).editUser(ctx, email, flags),
  setUserEnabled: async (ctx, email, enabled) => (await import('./users/change')).setUserEnabled(ctx, email, enabled),
  deleteUser: async (ctx, email, yes) => (await import('./users/change')).deleteUser(ctx, email, yes),
  applyUsers: async (ctx, file, options) => (await import('./users/apply')).applyUsers(ctx, file, options),
  listFon: async (ctx, options) => (await import('./fon/list')).listFon(ctx, options),
  showFon: async (ctx, id) => (await import('./fon/show')).showFon(ctx, id),
  resolveFon: async (ctx, id, remark) => (await import('./fon/resolve')).resolveFon(ctx, id, remark),
  reopenFon: async (ctx, id) => (await import('./fon/resolve')).reopenFon(ctx, id),
  importFon: async (ctx, options) => (await import('./fon/import')).importFon(ctx, options),
  fonStatus: async (ctx, options) => (await import('./fon/status')).fonStatus(ctx, options),
  fonConflicts: async (ctx) => (await import('./fon/conflicts')).fonConflicts(ctx),
  importBankStatement: async (ctx, options) => (await import('./bank/import')).importBankStatement(ctx, options),
  listRequests: async (ctx, options) => (await import('./requests/list')).listRequests(ctx, options),
  answerRequest: async (ctx, id, options) => (await import('./requests/answer')).answerRequest(ctx, id, options),
  closeRequest: async (ctx, id) => (await import('./requests/close')).closeRequest(ctx, id),
  proposePayments: async (ctx, options) => (await import('./payments/propose')).proposePayments(ctx, options),
  createPaymentRun: async (ctx, options) => (await import('./payments/create')).createPaymentRun(ctx, options),
  releasePaymentRun: async (ctx, id) => (await import('./payments/create')).releasePaymentRun(ctx, id),
  downloadPaymentRun: async (ctx, id, output) => (await import('./payments/create')).downloadPaymentRun(ctx, id, output),
}
