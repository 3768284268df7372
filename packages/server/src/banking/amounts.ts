/** Cents of a decimal amount as banks write it ("1234.5", MT940 "1234,50"); NaN when it is none. */
export function amountCents(text: string): number {
  const match = /^\s*(\d+)(?:[.,](\d{0,2}))?\s*$/.exec(text)
  if (!match) return Number.NaN
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

/** "123456" → "12.34.56"-free ISO date: YYMMDD of MT940 to YYYY-MM-DD (years 00–79 are 20xx). */
export function mt940Date(yymmdd: string): string {
  const year = Number(yymmdd.slice(0, 2))
  return `${year < 80 ? 2000 + year : 1900 + year}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`
}

/** The sum of a statement's entries must lead from its opening to its closing balance. */
export function isBalanced(statement: { openingCents: number; closingCents: number; entries: { amountCents: number }[] }): boolean {
  const moved = statement.entries.reduce((sum, entry) => sum + entry.amountCents, 0)
  return statement.openingCents + moved === statement.closingCents
}
