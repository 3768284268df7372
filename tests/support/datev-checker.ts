import { parse } from 'csv-parse/sync'
import type { Finding } from './bmd-checker'

/**
 * A strict checker of a DATEV EXTF Buchungsstapel (header version 700, format category 21, format version 13), written
 * from DATEV's published format description — never from the portal's writer:
 * - [DATEV] developer.datev.de, "DATEV-Format → Buchungsstapel": the field expressions of each column (Umsatz
 *   ^\d{1,10}[,]\d{2}$ and positive; Soll/Haben "S"|"H"; WKZ three capitals; Kurs ^([1-9]\d{0,3}[,]\d{2,6})$ and never 0,
 *   with Basis-Umsatz and WKZ Basis-Umsatz beside it; Konto and Gegenkonto ^(\d{1,9})$, a personal account at most one
 *   digit longer than the ledger account length; Belegdatum TTMM in the batch's range; Belegfeld 1 up to 36 characters
 *   of letters, digits and $ & % * + - /; Buchungstext up to 60 characters; Beleginfo Art 20 and Inhalt 210;
 *   KOST1 36; Leistungsdatum, Datum Zuord. Steuerperiode and Fälligkeit TTMMJJJJ; Skonto only on payments), and
 *   the header record (EXTF, 700, 21, "Buchungstyp", 13, consultant 1001–9999999, client 1–99999, fiscal-year start,
 *   Sachkontenlänge 4–8, date from/to within one fiscal year, Bezeichnung up to 30, Festschreibung 0/1, WKZ).
 *   One reading is ours: the published BU-Schlüssel expression reads ^(["]\d{4}["])$, while the keys DATEV lists for
 *   Austria are written with one or two digits ("9", "94"); the checker takes 1 to 4 digits in quotes, or none.
 * - [DATEV] file conventions: Windows-1252, CR LF, semicolons, text fields in double quotes (a quote doubled).
 * Answers every finding with its line and field; an empty list means the file passes.
 */

/** Column positions (1-based) of the format version 13 the checker reads, as DATEV numbers them. */
const COLUMN = {
  umsatz: 1, sollHaben: 2, wkz: 3, kurs: 4, basisUmsatz: 5, wkzBasis: 6, konto: 7, gegenkonto: 8, bu: 9, belegdatum: 10,
  belegfeld1: 11, belegfeld2: 12, skonto: 13, buchungstext: 14, kost1: 37, leistungsdatum: 115, steuerperiode: 116,
  faelligkeit: 117,
} as const
const COLUMN_NAMES: Record<number, string> = {
  1: 'Umsatz (ohne Soll/Haben-Kz)', 2: 'Soll/Haben-Kennzeichen', 3: 'WKZ Umsatz', 4: 'Kurs', 5: 'Basis-Umsatz',
  6: 'WKZ Basis-Umsatz', 7: 'Konto', 8: 'Gegenkonto (ohne BU-Schlüssel)', 9: 'BU-Schlüssel', 10: 'Belegdatum',
  11: 'Belegfeld 1', 12: 'Belegfeld 2', 13: 'Skonto', 14: 'Buchungstext', 21: 'Beleginfo - Art 1', 22: 'Beleginfo - Inhalt 1',
  37: 'KOST1 - Kostenstelle', 38: 'KOST2 - Kostenstelle', 115: 'Leistungsdatum', 116: 'Datum Zuord. Steuerperiode', 117: 'Fälligkeit',
  118: 'Generalumkehr (GU)', 125: 'Abw. Skontokonto',
}
const COLUMNS = 125

function realDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}
const iso = (compact: string) => `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}`
const ttmmjjjj = (text: string) => /^\d{8}$/.test(text) && realDate(Number(text.slice(4)), Number(text.slice(2, 4)), Number(text.slice(0, 2)))

/** The raw fields of a line with their quoting kept, split on semicolons outside quotes. */
function rawFields(line: string): string[] {
  const fields: string[] = []
  let current = ''
  let quoted = false
  for (const char of line) {
    if (char === '"') quoted = !quoted
    if (char === ';' && !quoted) {
      fields.push(current)
      current = ''
    } else current += char
  }
  fields.push(current)
  return fields
}

/** Checks the bytes of an EXTF Buchungsstapel; every finding with its line (1 = header) and field. */
export function checkDatevFile(bytes: Uint8Array): Finding[] {
  const findings: Finding[] = []
  const add = (line: number, field: string, message: string) => findings.push({ line, field, message })
  const text = new TextDecoder('windows-1252').decode(bytes)
  if (/[^\r]\n/.test(text) || !text.endsWith('\r\n')) add(0, 'file', 'lines must end with CR LF [DATEV]')
  const lines = text.split('\r\n')
  if (lines.at(-1) === '') lines.pop()
  const [headerLine = '', columnLine = '', ...rows] = lines

  // The header record.
  const header = parse(headerLine, { delimiter: ';', relax_quotes: false })[0] as string[]
  const raw = rawFields(headerLine)
  const h = (n: number) => header[n - 1] ?? ''
  const expectHeader = (n: number, name: string, ok: boolean, message: string) => {
    if (!ok) add(1, name, `${JSON.stringify(h(n))}: ${message} [DATEV]`)
  }
  expectHeader(1, 'Kennzeichen', (h(1) === 'EXTF' || h(1) === 'DTVF') && raw[0] === '"EXTF"', '"EXTF" for a program other than DATEV')
  expectHeader(2, 'Versionsnummer', h(2) === '700', '700')
  expectHeader(3, 'Formatkategorie', h(3) === '21', '21 = Buchungsstapel')
  expectHeader(4, 'Formatname', h(4) === 'Buchungsstapel', 'Buchungsstapel')
  expectHeader(5, 'Formatversion', h(5) === '13', 'format version 13')
  expectHeader(6, 'Erzeugt am', /^\d{17}$/.test(h(6)), 'JJJJMMTTHHMMSSFFF')
  expectHeader(11, 'Beraternummer', /^\d+$/.test(h(11)) && Number(h(11)) >= 1001 && Number(h(11)) <= 9_999_999, '1001–9999999')
  expectHeader(12, 'Mandantennummer', /^\d+$/.test(h(12)) && Number(h(12)) >= 1 && Number(h(12)) <= 99_999, '1–99999')
  expectHeader(13, 'WJ-Beginn', /^\d{8}$/.test(h(13)) && h(13).endsWith('01'), 'JJJJMMTT, the first of a month')
  expectHeader(14, 'Sachkontenlänge', /^[4-8]$/.test(h(14)), '4 to 8')
  expectHeader(15, 'Datum vom', /^\d{8}$/.test(h(15)), 'JJJJMMTT')
  expectHeader(16, 'Datum bis', /^\d{8}$/.test(h(16)) && h(16) >= h(15), 'JJJJMMTT, not before Datum vom')
  expectHeader(17, 'Bezeichnung', h(17).length <= 30, 'up to 30 characters')
  expectHeader(19, 'Buchungstyp', h(19) === '1' || h(19) === '2', '1 Finanzbuchführung or 2 Jahresabschluss')
  expectHeader(21, 'Festschreibung', h(21) === '0' || h(21) === '1' || h(21) === '', '0 or 1')
  expectHeader(22, 'WKZ', /^[A-Z]{3}$/.test(h(22)), 'ISO currency code')
  const wjStart = iso(h(13))
  const from = iso(h(15))
  const to = iso(h(16))
  const wjEnd = `${Number(wjStart.slice(0, 4)) + 1}${wjStart.slice(4)}`
  if (!(from >= wjStart && to < wjEnd)) add(1, 'Datum vom', `${from}–${to}: the batch lies in one fiscal year from ${wjStart} [DATEV]`)
  const accountLength = Number(h(14))

  // The column line.
  const names = parse(columnLine, { delimiter: ';' })[0] as string[]
  if (names.length !== COLUMNS) add(2, 'columns', `${names.length} columns, format version 13 has ${COLUMNS} [DATEV]`)
  for (const [position, name] of Object.entries(COLUMN_NAMES)) {
    if (names[Number(position) - 1] !== name) add(2, name, `column ${position} is ${JSON.stringify(names[Number(position) - 1])} [DATEV]`)
  }

  rows.forEach((rowText, index) => {
    const line = index + 3
    const quoted = rawFields(rowText)
    if (quoted.length !== COLUMNS) {
      add(line, 'columns', `${quoted.length} fields, DATEV reads ${COLUMNS} by position [DATEV]`)
      return
    }
    const value = (n: number) => {
      const field = quoted[n - 1] ?? ''
      return field.startsWith('"') ? field.slice(1, -1).replaceAll('""', '"') : field
    }
    const isText = (n: number) => /^"([^"]|"")*"$/.test(quoted[n - 1] ?? '')
    const expect = (n: number, ok: boolean, message: string) => {
      if (!ok) add(line, COLUMN_NAMES[n] ?? `#${n}`, `${JSON.stringify(quoted[n - 1] ?? '')}: ${message} [DATEV]`)
    }
    const filled = (n: number) => value(n) !== ''
    expect(COLUMN.umsatz, /^\d{1,10},\d{2}$/.test(quoted[0] ?? '') && value(1) !== '0,00', 'a positive amount ^\\d{1,10}[,]\\d{2}$')
    expect(COLUMN.sollHaben, /^"(S|H)"$/.test(quoted[1] ?? ''), '"S" or "H"')
    expect(COLUMN.wkz, /^"[A-Z]{3}"$/.test(quoted[2] ?? ''), 'three capitals in quotes')
    if (filled(COLUMN.kurs) || filled(COLUMN.basisUmsatz) || filled(COLUMN.wkzBasis)) {
      expect(COLUMN.kurs, /^[1-9]\d{0,3},\d{2,6}$/.test(value(COLUMN.kurs)), '^([1-9]\\d{0,3}[,]\\d{2,6})$, never 0')
      expect(COLUMN.basisUmsatz, /^\d{1,10},\d{2}$/.test(value(COLUMN.basisUmsatz)), 'Basis-Umsatz with Kurs')
      expect(COLUMN.wkzBasis, /^"[A-Z]{3}"$/.test(quoted[COLUMN.wkzBasis - 1] ?? ''), 'WKZ Basis-Umsatz with Basis-Umsatz')
    }
    for (const n of [COLUMN.konto, COLUMN.gegenkonto]) {
      const account = value(n)
      expect(n, /^\d{1,9}$/.test(account) && account.length <= accountLength + 1, `^(\\d{1,9})$, at most one digit longer than the ledger length ${accountLength}`)
    }
    expect(COLUMN.bu, /^"\d{0,4}"$/.test(quoted[COLUMN.bu - 1] ?? '') || (quoted[COLUMN.bu - 1] ?? '') === '', 'a key of digits in quotes')
    const belegdatum = value(COLUMN.belegdatum)
    const match = /^(\d{1,2})(\d{2})$/.exec(belegdatum)
    if (!match) expect(COLUMN.belegdatum, false, 'TTMM')
    else {
      const [day, month] = [Number(match[1]), Number(match[2])]
      // DATEV takes the year from the batch: the one of Datum vom–bis the day falls into.
      const years = [...new Set([Number(from.slice(0, 4)), Number(to.slice(0, 4))])]
      const dates = years.filter((year) => realDate(year, month, day)).map((year) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`)
      expect(COLUMN.belegdatum, dates.some((date) => date >= from && date <= to), `a day between Datum vom ${from} and Datum bis ${to}`)
    }
    expect(COLUMN.belegfeld1, isText(COLUMN.belegfeld1) && /^[A-Za-z0-9$&%*+\-/]{0,36}$/.test(value(COLUMN.belegfeld1)), 'up to 36 letters, digits or $ & % * + - /')
    expect(COLUMN.skonto, !filled(COLUMN.skonto), 'Skonto is only given with a payment')
    expect(COLUMN.buchungstext, isText(COLUMN.buchungstext) && value(COLUMN.buchungstext).length <= 60, 'text up to 60 characters in quotes')
    for (let info = 0; info < 8; info += 1) {
      const art = 21 + info * 2
      if (filled(art) || filled(art + 1)) {
        expect(art, isText(art) && value(art).length <= 20, 'Beleginfo - Art up to 20 characters in quotes')
        expect(art + 1, isText(art + 1) && value(art + 1).length <= 210, 'Beleginfo - Inhalt up to 210 characters in quotes')
      }
    }
    if (filled(COLUMN.kost1)) expect(COLUMN.kost1, isText(COLUMN.kost1) && value(COLUMN.kost1).length <= 36, 'up to 36 characters in quotes')
    for (const n of [COLUMN.leistungsdatum, COLUMN.steuerperiode, COLUMN.faelligkeit]) {
      if (filled(n)) expect(n, ttmmjjjj(value(n)), 'a real date TTMMJJJJ')
    }
  })
  return findings
}
