import { createContext } from 'react'
import type { Language } from '@portal/sdk/domain'
import type { SnackbarMessage as QueueMessage } from '@portal/sdk/state'
import type { PortalClient } from '@portal/sdk/client'
import type { SessionUser } from '@portal/sdk/services'
import type { AccountingClient, Config } from '@portal/sdk/services'

/** Theme state: dark or light, and the toggle that stores the choice. */
export interface ThemeState {
  dark: boolean
  toggle: () => void
}

/** The theme of the page; see PortalThemeProvider. */
export const ThemeContext = createContext<ThemeState | null>(null)

/** One message of the snackbar queue (the SDK's message plus an optional action button). */
export interface SnackbarMessage extends QueueMessage {
  readonly action?: { label: string; onClick: () => void }
}

/** Shows messages in the snackbar queue. */
export interface SnackbarApi {
  notify: (message: SnackbarMessage) => void
  /** Shows an error in the user's language (i18n key in data.key first, then the message). */
  notifyError: (error: unknown) => void
}

/** The snackbar queue; see SnackbarProvider. */
export const SnackbarContext = createContext<SnackbarApi | null>(null)

/** The signed-in session: connected client, user and backend config. */
export interface SessionState {
  client: PortalClient
  user: SessionUser
  config: Config
  language: Language
  /** Switches the language, saves it to the user on the server and remembers it for the sign-in page. */
  setLanguage: (language: Language) => Promise<void>
}

/** The session; only rendered inside the signed-in part of the app. */
export const SessionContext = createContext<SessionState | null>(null)

/** The user's companies and the data of the selected one (SPEC §3 global state). */
export interface CompanyState {
  companies: AccountingClient[]
  /** Selected company number from the route; 0 when none. */
  client: number
  companyReady: boolean
  /** The route names a company that is not one of the user's (a stale or foreign link): nothing of it is loaded. */
  foreign: boolean
  /** Company-specific data loaded on company change, by name (periods, suppliers, ...). */
  data: Record<string, unknown>
}

/** The company state; see CompanyProvider. */
export const CompanyContext = createContext<CompanyState | null>(null)
