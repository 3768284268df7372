import { DATE_TIME, formatDate } from '@portal/sdk/i18n'
import type { Scanner } from '@portal/sdk/services'
import type { CommandContext } from '../../context'
import { renderTable } from '../../ui'
import { withPortal } from '../session/with-portal'

/** The options of `portal scanners list`. */
export interface ListScannersOptions {
  client?: number
}

/** Lists the scanners of the administrator's companies: number, location, company, activated, last seen, today, last error. */
export async function listScanners(ctx: CommandContext, options: ListScannersOptions): Promise<void> {
  const scanners: Scanner[] = await withPortal(ctx, (client) => client.service('scanners').find({ query: options.client ? { client: options.client } : {} }))
  if (ctx.json) {
    ctx.printJson(scanners)
    return
  }
  const { t } = ctx
  if (scanners.length === 0) {
    ctx.status(t('scanners:cli.empty'))
    return
  }
  const when = (iso: string | null) => (iso ? formatDate(iso, ctx.lang, DATE_TIME) : t('scanners:state.never'))
  renderTable(
    ctx.io.stdout,
    [
      { key: 'id', header: t('scanners:columns.id') },
      { key: 'location', header: t('scanners:columns.location') },
      { key: 'company', header: t('scanners:columns.company') },
      { key: 'activated', header: t('scanners:columns.activated') },
      { key: 'lastSeen', header: t('scanners:columns.lastSeen') },
      { key: 'today', header: t('scanners:columns.today') },
      { key: 'lastError', header: t('scanners:columns.lastError') },
    ],
    scanners.map((scanner) => ({
      id: String(scanner.id),
      location: scanner.location,
      company: `${scanner.company_no} ${scanner.company_name}`,
      activated: !scanner.has_token ? t('scanners:state.revoked') : scanner.activated ? t('scanners:cli.yes') : t('scanners:cli.no'),
      lastSeen: when(scanner.last_seen),
      today: String(scanner.documents_today),
      lastError: scanner.last_error ? t(scanner.last_error.key, scanner.last_error.params) : '',
    })),
  )
}
