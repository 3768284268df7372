import type { CommandContext } from '../context'
import { login } from './auth/login'
import { logout } from './auth/logout'
import { whoami } from './auth/whoami'
import { listClients } from './clients/list'
import { runTui } from './tui/run-tui'
import { upload, type UploadOptions } from './upload/upload'

/** The work behind each verb; commands only parse flags and call one of these. */
export interface Services {
  login(ctx: CommandContext): Promise<void>
  logout(ctx: CommandContext): Promise<void>
  whoami(ctx: CommandContext): Promise<void>
  listClients(ctx: CommandContext): Promise<void>
  tui(ctx: CommandContext): Promise<void>
  upload(ctx: CommandContext, options: UploadOptions): Promise<void>
}

/** The real services. */
export const defaultServices: Services = { login, logout, whoami, listClients, tui: runTui, upload }
