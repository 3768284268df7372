import type { AccountingClient, SessionUser } from '@portal/sdk/services'
import type { CommandContext } from '../../context'
import { renderDetails } from '../../ui'
import { signedInCompanies } from '../session/signed-in-companies'

/** What `portal whoami --json` prints. */
export interface WhoamiResult {
  server: string
  user: SessionUser
  companies: AccountingClient[]
}

/** Shows the signed-in user with permissions and client companies. */
export async function whoami(ctx: CommandContext): Promise<void> {
  const { user, companies } = await signedInCompanies(ctx)
  if (ctx.json) {
    ctx.printJson({ server: ctx.server, user, companies } satisfies WhoamiResult)
    return
  }
  const { t } = ctx
  const none = t('whoami.none')
  renderDetails(ctx.io.stdout, [
    { label: t('whoami.server'), value: ctx.server },
    { label: t('whoami.user'), value: `${user.firstName} ${user.lastName}`.trim() },
    { label: t('whoami.email'), value: user.email },
    { label: t('whoami.locale'), value: user.locale },
    { label: t('whoami.permissions'), value: user.permissions_array.join(', ') || none },
    {
      label: t('whoami.companies'),
      value: companies.map((company) => `${company.company_no} ${company.company_name}`).join(', ') || none,
    },
  ])
}
