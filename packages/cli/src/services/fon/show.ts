import { DATE_TIME, formatDate } from '@portal/sdk/i18n'
import type { FonItem } from '@portal/sdk/services'
import type { CommandContext } from '../../context'
import { renderDetails, renderTable } from '../../ui'
import { withPortal } from '../session/with-portal'
import { conflictFieldText, sideValue, stateText } from './format'

/** Prints one item: its columns, both sides of a conflict, the resolution and the history. */
export function printFonItem(ctx: CommandContext, item: FonItem): void {
  if (ctx.json) {
    ctx.printJson(item)
    return
  }
  const { t } = ctx
  const rows = [
    { label: 'ID', value: String(item.id) },
    { label: t('fon:columns.state'), value: stateText(t, item) },
    { label: t('fon:columns.name'), value: item.name },
    { label: t('fon:columns.taxId'), value: item.taxId },
    { label: t('fon:columns.ntcsPersNr'), value: item.ntcsPersNr ?? '' },
    { label: t('fon:columns.returnType'), value: `${t(`fon:returnType.${item.returnType}`)} (${item.returnType}) ${item.year}` },
    { label: t('fon:columns.submittedOn'), value: item.submittedOn ?? '' },
    { label: t('fon:columns.receivedOn'), value: item.receivedOn ?? '' },
    { label: t('fon:columns.action'), value: t(`fon:action.${item.action}`) },
    { label: t('fon:columns.employee'), value: item.employeeName ? `${item.employeeName} <${item.employeeEmail}>` : '' },
  ]
  if (item.conflictField) {
    rows.push(
      { label: t('fon:columns.conflict'), value: conflictFieldText(t, item.conflictField) },
      { label: t('fon:side.ntcs'), value: sideValue(t, item.ntcsValue) },
      { label: t('fon:side.fon'), value: sideValue(t, item.fonValue) },
    )
  }
  if (item.remark) rows.push({ label: t('fon:resolve.remark'), value: `${item.remark} — ${t('fon:resolve.by', { name: item.resolvedBy ?? '', at: item.resolvedAt ?? '' })}` })
  renderDetails(ctx.io.stdout, rows)
  if (item.history && item.history.length > 0) {
    ctx.io.stdout.write(`${t('fon:history.title')}\n`)
    renderTable(
      ctx.io.stdout,
      [
        { key: 'at', header: t('fon:history.at') },
        { key: 'what', header: t('fon:columns.state') },
        { key: 'remark', header: t('fon:resolve.remark') },
      ],
      item.history.map((entry) => ({
        at: formatDate(entry.at, ctx.lang, DATE_TIME),
        what:
          entry.action === 'reconciled'
            ? t('fon:history.reconciled', { to: t(`domain:quotaState.${entry.toState}`) })
            : t(`fon:history.${entry.action}`, { name: entry.actorName ?? '' }),
        remark: entry.remark ?? '',
      })),
    )
  }
}

/** `portal fon show ID`: one item with both sides and its history. */
export async function showFon(ctx: CommandContext, id: number): Promise<void> {
  const item = await withPortal(ctx, (client) => client.service('fon-items').get(id))
  printFonItem(ctx, item)
}
