import { FON_STALE_DAYS, type FonQuotaOverview } from '@portal/sdk/services'
import type { CommandContext } from '../../context'
import { renderTable } from '../../ui'
import { withPortal } from '../session/with-portal'

/** The forecast line of the next date, or null when every date is past. */
export function forecastLine(t: CommandContext['t'], overview: FonQuotaOverview): string[] {
  return overview.dates
    .filter((date) => date.next)
    .map((date) =>
      date.outlook === 'met'
        ? `${t(`fon:group.${date.group}`)}: ${t('fon:quota.forecastMet', { date: date.date })}`
        : `${t(`fon:group.${date.group}`)}: ${t('fon:quota.forecast', { date: date.date, projected: date.projected ?? date.achieved, required: date.required, outlook: t(`fon:quota.outlook.${date.outlook}`) })}`,
    )
}

/** `portal fon status [--year Y]`: the quota dates with target and achieved, the forecast, the imports and any stale-data note. */
export async function fonStatus(ctx: CommandContext, options: { year?: number }): Promise<void> {
  const overview = await withPortal(ctx, (client) => client.service('fon-quota').find({ query: options.year ? { year: options.year } : {} }))
  if (ctx.json) {
    ctx.printJson(overview)
    return
  }
  const { t } = ctx
  if (overview.stale) ctx.status(t(`fon:stale.${overview.stale}`, { days: FON_STALE_DAYS }))
  if (overview.twoFactorMissing) ctx.status(t('fon:twoFactor.missing'))
  if (overview.year === null) return
  ctx.io.stdout.write(`${t('fon:quota.heading', { year: overview.year })}\n`)
  renderTable(
    ctx.io.stdout,
    [
      { key: 'group', header: '' },
      { key: 'date', header: t('fon:quota.date') },
      { key: 'target', header: t('fon:quota.target') },
      { key: 'achieved', header: t('fon:quota.achieved') },
      { key: 'filed', header: '' },
      { key: 'outlook', header: '' },
    ],
    overview.dates.map((date) => ({
      group: t(`fon:group.${date.group}`),
      date: date.next ? `${date.date} (${t('fon:quota.next')})` : date.date,
      target: `${date.targetPercent} %`,
      achieved: `${date.achievedPercent.toFixed(1)} %`,
      filed: t('fon:quota.filed', { achieved: date.achieved, total: date.total, required: date.required }),
      outlook: t(`fon:quota.outlook.${date.outlook}`),
    })),
  )
  for (const line of forecastLine(t, overview)) ctx.io.stdout.write(`${line}\n`)
}
