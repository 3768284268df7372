import { formatDate, DATE_TIME } from '@portal/sdk/i18n'
import type { DocumentRequestRecord } from '@portal/sdk/services'
import { requestsQueryOf, type RequestFilter } from '@portal/sdk/state'
import type { CommandContext } from '../../context'
import { renderTable } from '../../ui'
import { withPortal } from '../session/with-portal'

/** The options of `portal requests list`. */
export interface ListRequestsOptions {
  client?: number
  /** open, answered, closed or all; unset: open and answered. */
  status?: string
}


/** Lists the requests of the user's companies: number, company, due date, status, text, answer, last reminder. */
export async function listRequests(ctx: CommandContext, options: ListRequestsOptions): Promise<void> {
  const page = await withPortal(ctx, (client) => client.service('document-requests').find({ query: requestsQueryOf((options.status as RequestFilter | undefined) ?? 'active', options.client) }), { company: options.client })
  const requests: DocumentRequestRecord[] = page.data
  if (ctx.json) {
    ctx.printJson(requests)
    return
  }
  const { t } = ctx
  if (requests.length === 0) {
    ctx.status(t('requests:cli.empty'))
    return
  }
  const last = (request: DocumentRequestRecord) => request.reminders.at(-1)
  renderTable(
    ctx.io.stdout,
    (['id', 'company', 'due', 'status', 'text', 'answer', 'reminded'] as const).map((key) => ({ key, header: t(`requests:cli.columns.${key}`) })),
    requests.map((request) => ({
      id: String(request.id),
      company: String(request.company_no),
      due: formatDate(request.due_date, ctx.lang),
      status: t(`requests:status.${request.status}`),
      text: request.text.replace(/\s+/g, ' ').slice(0, 60),
      answer: request.document_id !== null ? t('requests:list.document', { id: request.document_id }) : (request.answer ?? '').replace(/\s+/g, ' ').slice(0, 40),
      reminded: last(request) ? `${last(request)!.recipient_name}, ${formatDate(last(request)!.at, ctx.lang, DATE_TIME)}` : '',
    })),
  )
}
