import type { CommandContext } from '../../context'
import { renderTable } from '../../ui'
import { signedInCompanies } from '../session/signed-in-companies'

/** Lists the client companies the user may see: number, name, place. */
export async function listClients(ctx: CommandContext): Promise<void> {
  const { companies } = await signedInCompanies(ctx)
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
