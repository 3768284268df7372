/** Today's calendar date in Austria (YYYY-MM-DD): what ageing and discount deadlines count from. */
export function viennaToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}
