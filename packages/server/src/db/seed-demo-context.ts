import type { SessionUser } from '@portal/sdk/services'
import type { Application } from '../declarations'
import type { Actor } from '../models/users'
import { addDays } from './seed-demo-ledger-files'

/** What the demo's screen seeds share: the app, the demo admin who does everything, and the day they do it on. */
export interface DemoScreenContext {
  app: Application
  /** The demo administrator as a signed-in session (every permission, every company). */
  admin: SessionUser
  /** The same person as the history and audit log record them. */
  actor: Actor
  /** Vienna's today: the demo's dates lie before it. */
  today: string
}

/** The date `days` before the context's today. */
export const daysAgo = (context: DemoScreenContext, days: number): string => addDays(context.today, -days)
