import type { AccountingClient } from '@portal/sdk/services'
import type { CommandContext } from '../../context'
import { renderTable } from '../../ui'
import { openSession } from '../session/open-session'

/** Lists the client companies the user may see: number, name, place. */
export async function listClients(ctx: CommandContext): Promise<void> {
  const session = await openSession(ctx)
  let companies: AccountingClient[]
  try {
    companies = await session.client.service('accounting-client').find()
  } finally {
    session.close()
  }
  if (ctx.json) {
    ctx.printJson(companies)
    return
  }
  const { t } = ctx
  if (companies.length === 0) {
    ctx.status(t('clients.empty'))
    return
  }
  renderTable(
    ctx.io.stdout,
    [
      { key: 'number', header: t('clients.columns.number') },
      { key: 'name', header: t('clients.columns.name') },
      { key: 'place', header: t('clients.columns.place') },
    ],
    companies.map((company) => ({
      number: String(company.company_no),
      name: company.company_name,
      place: company.company_place,
    })),
  )
}
