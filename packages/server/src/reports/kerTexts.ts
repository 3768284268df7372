import { createI18n, type Translate } from '@portal/sdk/i18n'
import { kerPeriodName } from '@portal/sdk/domain'
import type { KerReport } from '@portal/sdk/services'

const translators: Record<'en' | 'de', Translate> = {
  en: createI18n({ lng: 'en' }).getFixedT('en', 'reports'),
  de: createI18n({ lng: 'de' }).getFixedT('de', 'reports'),
}

/** The `reports` texts in a language. */
export function reportsT(locale: 'en' | 'de'): Translate {
  return translators[locale]
}

/** The table as rows of text: head, then one row per KER line. */
export function kerTextRows(report: KerReport, t: Translate, format: (cents: number) => string, pct: (value: number | null) => string): string[][] {
  const head = [t('columns.line'), kerPeriodName(report, report.year, t), kerPeriodName(report, report.year - 1, t), t('columns.difference'), t('columns.change')]
  return [
    head,
    ...report.rows.map((row) => [t(`line.${row.line}`), format(row.currentCents), format(row.priorCents), format(row.differenceCents), pct(row.changePercent)]),
  ]
}

/**
 * What the report says of its figures beyond the table: the basis (accrual or cash) and, for a cumulative year, the
 * month both years run to.
 */
export function kerNotes(report: KerReport, t: Translate): string[] {
  const cumulative = report.cumulative_to === null ? [] : [t('period.cumulativeNote', { month: t(`monthName.${report.cumulative_to}`) })]
  return [t(`basis.${report.basis}`), ...cumulative]
}
