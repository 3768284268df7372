import { createI18n, type Translate } from '@portal/sdk/i18n'
import type { KerReport } from '@portal/sdk/services'

const translators: Record<'en' | 'de', Translate> = {
  en: createI18n({ lng: 'en' }).getFixedT('en', 'reports'),
  de: createI18n({ lng: 'de' }).getFixedT('de', 'reports'),
}

/** The `reports` texts in a language. */
export function reportsT(locale: 'en' | 'de'): Translate {
  return translators[locale]
}

/** The name of a KER period as its column heads show it: "2026", "Q1 2026", "03/2026". */
export function periodName(report: Pick<KerReport, 'granularity' | 'index'>, year: number, t: Translate): string {
  if (report.granularity === 'year') return String(year)
  if (report.granularity === 'quarter') return `${t('period.quarterN', { n: report.index })} ${year}`
  return `${String(report.index).padStart(2, '0')}/${year}`
}

/** The table as rows of text: head, then one row per KER line. */
export function kerTextRows(report: KerReport, t: Translate, format: (cents: number) => string, pct: (value: number | null) => string): string[][] {
  const head = [t('columns.line'), periodName(report, report.year, t), periodName(report, report.year - 1, t), t('columns.difference'), t('columns.change')]
  return [
    head,
    ...report.rows.map((row) => [t(`line.${row.line}`), format(row.currentCents), format(row.priorCents), format(row.differenceCents), pct(row.changePercent)]),
  ]
}
