/** One measured figure of a benchmark, with its target when there is one. */
export interface BenchRow {
  group: string
  metric: string
  value: number
  unit: string
  /** Human-readable target, e.g. "< 2000"; omitted when there is none. */
  target?: string
  /** Whether the value meets the target; undefined when there is no target. */
  ok?: boolean
}

/** Percentile (0-100) of a list of numbers, nearest-rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]
}

/** Renders rows as an aligned plain-text table. */
export function formatTable(rows: BenchRow[]): string {
  const cells = rows.map((r) => [
    r.group,
    r.metric,
    Number.isInteger(r.value) ? String(r.value) : r.value.toFixed(2),
    r.unit,
    r.target ?? '',
    r.ok === undefined ? '' : r.ok ? 'ok' : 'MISSED',
  ])
  const header = ['group', 'metric', 'value', 'unit', 'target', '']
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)))
  const line = (c: string[]) => c.map((v, i) => (i === 2 ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join('  ')
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n')
}
