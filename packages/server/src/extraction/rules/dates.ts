// Dates as printed on invoices, German, English and French, turned into YYYY-MM-DD.

const MONTHS: Record<string, number> = {
  jan: 1, januar: 1, january: 1, jänner: 1, jaenner: 1, janvier: 1,
  feb: 2, februar: 2, february: 2, feber: 2, février: 2, fevrier: 2,
  mar: 3, mär: 3, märz: 3, maerz: 3, march: 3, mars: 3,
  apr: 4, april: 4, avril: 4,
  mai: 5, may: 5,
  jun: 6, juni: 6, june: 6, juin: 6,
  jul: 7, juli: 7, july: 7, juillet: 7,
  aug: 8, august: 8, août: 8, aout: 8,
  sep: 9, sept: 9, september: 9, septembre: 9,
  okt: 10, oct: 10, oktober: 10, october: 10, octobre: 10,
  nov: 11, november: 11, novembre: 11,
  dez: 12, dec: 12, dezember: 12, december: 12, décembre: 12, decembre: 12,
}

const MONTH_NAMES = Object.keys(MONTHS).sort((a, b) => b.length - a.length).join('|')

/** Order of day and month in slashed dates ("03/11/2017"), decided per document. */
export type SlashOrder = 'dmy' | 'mdy'

/** A date found in text: ISO value and where it stands. */
export interface FoundDate {
  iso: string
  index: number
  length: number
}

const NUMERIC = /(?<![\d./-])(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?![\d/-]|\.\d)/g
// A scan may read one of a dotted date's periods as a colon or comma ("4.7:2026"); with a four-digit year it is still the date.
const MISREAD_DOTS = /(?<![\d./:,-])(\d{1,2})(?:\.(\d{1,2})[:,]|[:,](\d{1,2})\.)(\d{4})(?![\d.,:/-])/g
const ISO = /(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/g
const DAY_MONTH_YEAR = new RegExp(`(?<![\\w])(\\d{1,2})\\.?\\s*(${MONTH_NAMES})\\.?\\s+(\\d{4})(?!\\d)`, 'gi')
const MONTH_DAY_YEAR = new RegExp(`(?<![\\w])(${MONTH_NAMES})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\s?,?\\s+(\\d{4})(?!\\d)`, 'gi')

function iso(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCMonth() !== month - 1) return null
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

function fullYear(text: string): number {
  const year = Number(text)
  return text.length === 2 ? (year < 70 ? 2000 + year : 1900 + year) : year
}

// Rules ask for the dates of the same lines many times; the answers are kept for a while.
const cache = new Map<string, FoundDate[]>()

/** Every date in a text, in order of position. Slashed dates follow `order`; dotted ones are always D.M.Y. */
export function findDates(text: string, order: SlashOrder = 'dmy'): FoundDate[] {
  const key = order + text
  const cached = cache.get(key)
  if (cached) return cached
  if (cache.size > 20_000) cache.clear()
  const found = scanDates(text, order)
  cache.set(key, found)
  return found
}

function scanDates(text: string, order: SlashOrder): FoundDate[] {
  const found: FoundDate[] = []
  for (const match of text.matchAll(NUMERIC)) {
    const [a, sep, b, y] = [Number(match[1]), match[2], Number(match[3]), match[4]]
    const monthFirst = sep === '/' && order === 'mdy'
    const value = monthFirst ? iso(fullYear(y), a, b) : iso(fullYear(y), b, a)
    if (value) found.push({ iso: value, index: match.index, length: match[0].length })
  }
  for (const match of text.matchAll(MISREAD_DOTS)) {
    const value = iso(Number(match[4]), Number(match[2] ?? match[3]), Number(match[1]))
    if (value) found.push({ iso: value, index: match.index, length: match[0].length })
  }
  for (const match of text.matchAll(ISO)) {
    const value = iso(Number(match[1]), Number(match[2]), Number(match[3]))
    if (value) found.push({ iso: value, index: match.index, length: match[0].length })
  }
  for (const match of text.matchAll(DAY_MONTH_YEAR)) {
    const value = iso(Number(match[3]), MONTHS[match[2].toLowerCase()], Number(match[1]))
    if (value) found.push({ iso: value, index: match.index, length: match[0].length })
  }
  for (const match of text.matchAll(MONTH_DAY_YEAR)) {
    const value = iso(Number(match[3]), MONTHS[match[1].toLowerCase()], Number(match[2]))
    if (value) found.push({ iso: value, index: match.index, length: match[0].length })
  }
  return found.sort((x, y) => x.index - y.index)
}

/** Decides D/M or M/D for slashed dates from the whole document: a first part over 12 can only be a day. */
export function slashOrder(texts: string[]): SlashOrder {
  let dayFirst = 0
  let monthFirst = 0
  for (const text of texts) {
    for (const match of text.matchAll(/(?<![\d/])(\d{1,2})\/(\d{1,2})\/(\d{2,4})(?![\d/])/g)) {
      if (Number(match[1]) > 12) dayFirst += 1
      if (Number(match[2]) > 12) monthFirst += 1
    }
  }
  return monthFirst > dayFirst ? 'mdy' : 'dmy'
}
