/** Date notations of the ERP formats, from the portal's ISO dates ('YYYY-MM-DD'); pure string work, no time zones. */

function parts(iso: string): [string, string, string] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  if (!match) throw new Error(`Not an ISO date: "${iso}"`)
  return [match[1] ?? '', match[2] ?? '', match[3] ?? '']
}

/** TT.MM.JJJJ (BMD). */
export function dotted(iso: string): string {
  const [year, month, day] = parts(iso)
  return `${day}.${month}.${year}`
}

/** TTMM (DATEV Belegdatum; the year comes from the file's header). */
export function dayMonth(iso: string): string {
  const [, month, day] = parts(iso)
  return `${day}${month}`
}

/** TTMMJJJJ (DATEV Fälligkeit). */
export function dayMonthYear(iso: string): string {
  const [year, month, day] = parts(iso)
  return `${day}${month}${year}`
}

/** JJJJMMTT (DATEV header dates). */
export function compact(iso: string): string {
  return iso.replaceAll('-', '')
}

/** Whole days from `from` to `to` (both ISO dates); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

/** First and last day of a period 'YYYY-MM'. */
export function periodRange(period: string): { from: string; to: string } {
  const [year, month] = period.split('-').map(Number) as [number, number]
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return { from: `${period}-01`, to: `${period}-${String(last).padStart(2, '0')}` }
}
