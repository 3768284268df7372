import type { SessionUser } from '@portal/sdk/services'
import type { CommandContext } from '../../context'
import { writeLine } from '../../io'
import { issuerOf } from '../session/identity'
import { openSession } from '../session/open-session'
import { toCliError } from '../session/server-errors'
import { deviceError } from './device-errors'
import { CancelledError } from '../../errors'

/** What `portal login --json` prints. */
export interface LoginResult {
  server: string
  user: SessionUser
}

/** Signs in with the device authorization grant, as `gh auth login` does, and keeps the tokens. */
export async function login(ctx: CommandContext): Promise<void> {
  const { t } = ctx
  if (ctx.dryRun) {
    ctx.status(t('login.dryRun', { server: ctx.server }))
    return
  }
  const issuer = issuerOf(ctx.server, ctx.io.env)
  ctx.debug(`issuer ${issuer}`)
  let device
  try {
    device = await (await ctx.identity(issuer)).startDeviceSignIn()
  } catch (error) {
    throw toCliError(error, ctx.server)
  }
  // The code must reach the user even with --json: it goes to stderr, which scripts leave alone.
  writeLine(ctx.io.stderr, t('login.code', { code: device.userCode }))
  const url = device.verificationUriComplete ?? device.verificationUri
  const opened = await ctx.io.openBrowser(url)
  writeLine(ctx.io.stderr, opened ? t('login.opening', { url }) : t('login.noBrowser', { url }))
  ctx.status(t('login.waiting'))
  let tokens
  try {
    tokens = await device.wait(ctx.io.signal)
  } catch (error) {
    if (ctx.io.signal.aborted) throw new CancelledError()
    throw deviceError(error)
  }
  ctx.store.save(ctx.server, { ...tokens, issuer })
  // The language this login started in stays to its end; the account's holds from the next run on.
  const session = await openSession(ctx, { followLanguage: false })
  session.close()
  const { user } = session
  if (ctx.json) ctx.printJson({ server: ctx.server, user } satisfies LoginResult)
  else {
    const name = `${user.firstName} ${user.lastName}`.trim() || user.email
    writeLine(ctx.io.stderr, t('login.signedIn', { server: ctx.server, name, email: user.email }))
  }
}
