import type { Context } from 'koa'
import { NotAuthenticated } from '@feathersjs/errors'
import { errorData } from '@portal/sdk/errors'
import { AUTHENTICATION_STRATEGY, authenticationPath, type SessionUser } from '@portal/sdk/services'
import type { Application } from '../declarations'

/**
 * The session user of a request's bearer identity token (`Authorization: Bearer …`), verified exactly like a
 * socket sign-in; NotAuthenticated (401) without one. Every plain HTTP door signs in through here (document
 * files and uploads today; export downloads, statement uploads and report PDFs to come).
 */
export async function bearerUser(app: Application, ctx: Context): Promise<SessionUser> {
  const header = ctx.get('authorization')
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  if (!match) throw new NotAuthenticated('Not authenticated', errorData('errors:access.notAuthenticated'))
  const result = await app
    .service(authenticationPath)
    .authenticate({ strategy: AUTHENTICATION_STRATEGY, accessToken: match[1] }, {}, AUTHENTICATION_STRATEGY)
  // The strategy answers the SessionUser it built (authentication/strategy.ts); Feathers types results loosely.
  return result.user as SessionUser
}
