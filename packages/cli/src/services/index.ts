import type { CommandContext } from '../context'
import { login } from './auth/login'
import { logout } from './auth/logout'
import { whoami } from './auth/whoami'
import { listClients } from './clients/list'
import { runTui } from './tui/run-tui'
import { upload, type UploadOptions } from './upload/upload'
import { createExport, type CreateExportOptions } from './export/create'
import { downloadExport } from './export/download'
import { listExports, type ListExportsOptions } from './export/list'
import { markExportImported, revokeExport } from './export/mark'
import { applyExportResult, type ExportResultOptions } from './export/result'
import { listScanners, type ListScannersOptions } from './scanners/list'
import { registerScanner, type RegisterScannerOptions } from './scanners/register'
import { rotateScanner } from './scanners/rotate'
import { revokeScanner } from './scanners/revoke'
import { setScannerActivated } from './scanners/set-activated'
import { listUsers, showUser, type ListUsersOptions } from './users/list'
import { createUser, deleteUser, editUser, setUserEnabled, type UserFlags } from './users/change'
import { applyUsers, type ApplyUsersOptions } from './users/apply'

import { listFon, type ListFonOptions } from './fon/list'
import { showFon } from './fon/show'
import { reopenFon, resolveFon } from './fon/resolve'
import { importFon, type ImportFonOptions } from './fon/import'
import { fonStatus } from './fon/status'
import { fonConflicts } from './fon/conflicts'
import { importBankStatement, type BankImportOptions } from './bank/import'
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
}

/** The real services. */
export const defaultServices: Services = { login, logout, whoami, listClients, tui: runTui, upload, createExport, listExports, downloadExport, markExportImported, revokeExport, applyExportResult, listScanners, registerScanner, rotateScanner, revokeScanner, setScannerActivated, listUsers, showUser, createUser, editUser, setUserEnabled, deleteUser, applyUsers, listFon, showFon, resolveFon, reopenFon, importFon, fonStatus, fonConflicts, importBankStatement }
