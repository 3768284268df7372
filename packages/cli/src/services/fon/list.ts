import type { FonItem, FonItemsQuery, Page } from '@portal/sdk/services'
import type { CommandContext } from '../../context'
import { renderTable } from '../../ui'
import { withPortal } from '../session/with-portal'
import { stateText } from './format'

/** The options of `portal fon list`. */
export interface ListFonOptions {
  state?: FonItemsQuery['state']
  employee?: string
  year?: number
  conflicts?: boolean
  limit?: number
}

/** Lists quota items (conflicts first), narrowed by state, employee and year: id, status, name, tax number, type, dates, responsible. */
export async function listFon(ctx: CommandContext, options: ListFonOptions): Promise<void> {
  const query: FonItemsQuery = { $limit: options.limit ?? 500 }
  if (options.state) query.state = options.state
  if (options.employee) query.employee = options.employee
  if (options.year) query.year = options.year
  if (options.conflicts) query.conflicts = true
  const page: Page<FonItem> = await withPortal(ctx, (client) => client.service('fon-items').find({ query }))
  if (ctx.json) {
    ctx.printJson(page)
    return
  }
  const { t } = ctx
  if (page.data.length === 0) {
    ctx.status(t('fon:table.empty'))
    return
  }
  renderTable(
    ctx.io.stdout,
    [
      { key: 'id', header: 'ID' },
      { key: 'state', header: t('fon:columns.state') },
      { key: 'name', header: t('fon:columns.name') },
      { key: 'taxId', header: t('fon:columns.taxId') },
      { key: 'type', header: t('fon:columns.returnType') },
      { key: 'submittedOn', header: t('fon:columns.submittedOn') },
      { key: 'receivedOn', header: t('fon:columns.receivedOn') },
      { key: 'employee', header: t('fon:columns.employee') },
    ],
    page.data.map((item) => ({
      id: String(item.id),
      state: stateText(t, item),
      name: item.name,
      taxId: item.taxId,
      type: `${item.returnType} ${item.year}`,
      submittedOn: item.submittedOn ?? '',
      receivedOn: item.receivedOn ?? '',
      employee: item.employeeEmail ?? '',
    })),
  )
  ctx.status(t('fon:cli.count', { shown: page.data.length, total: page.total }))
}
