import type { CommandContext } from '../../context'
import { NotSignedInError } from '../../errors'
import { login } from '../auth/login'
import { openSession } from './open-session'

/** Opens the stored session; without one, signs in first (device code), as the web does for its screens. */
export async function openSessionOrLogin(ctx: CommandContext): ReturnType<typeof openSession> {
  return openSession(ctx).catch(async (error: unknown) => {
    if (!(error instanceof NotSignedInError) || ctx.json) throw error
    await login(ctx)
    return openSession(ctx)
  })
}
