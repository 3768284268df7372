import { DATE_TIME, formatDate } from '@portal/sdk/i18n'
import type { ErpBatchStatus } from '@portal/sdk/domain'
import type { CommandContext } from '../../context'
import { renderTable } from '../../ui'
import { withPortal } from '../session/with-portal'

/** The options of `portal export list`. */
export interface ListExportsOptions {
  client: number
  status?: ErpBatchStatus
}

/** Lists a company's batches, newest first: number, range, format, status, bookings, documents, results, created. */
export async function listExports(ctx: CommandContext, options: ListExportsOptions): Promise<void> {
  const page = await withPortal(ctx, (client) =>
    client.service('erp-exports').find({ query: { client_no: options.client, ...(options.status ? { status: options.status } : {}), $limit: 500 } }),
    { company: options.client },
  )
  if (ctx.json) {
    ctx.printJson(page.data)
    return
  }
  const { t } = ctx
  if (page.data.length === 0) {
    ctx.status(t('erp:cli.empty', { client: options.client }))
    return
  }
  renderTable(
    ctx.io.stdout,
    [
      { key: 'id', header: t('erp:cli.columns.id') },
      { key: 'range', header: t('erp:cli.columns.range') },
      { key: 'format', header: t('erp:cli.columns.format') },
      { key: 'status', header: t('erp:cli.columns.status') },
      { key: 'bookings', header: t('erp:cli.columns.bookings') },
      { key: 'documents', header: t('erp:cli.columns.documents') },
      { key: 'results', header: t('erp:cli.columns.results') },
      { key: 'created', header: t('erp:cli.columns.created') },
    ],
    page.data.map((batch) => ({
      id: String(batch.id),
      range: batch.period ?? `${batch.date_from} – ${batch.date_to}`,
      format: batch.format,
      status: t(`erp:status.${batch.status}`),
      bookings: String(batch.bookings),
      documents: String(batch.documents),
      results: `${batch.results.ok} / ${batch.results.error} / ${batch.results.info}`,
      created: `${formatDate(batch.created_at, ctx.lang, DATE_TIME)} ${batch.created_by_name ?? ''}`.trim(),
    })),
  )
}
