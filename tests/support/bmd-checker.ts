/**
 * A strict checker of a BMD NTCS booking import file (CSV, "Import Buchungen" / BuErf Import), written from BMD's
 * published field descriptions as integrators quote them — never from the portal's writer:
 * - [NAVAX] NAVAX "NVXBMD BMD Buchungen Übersicht" (navax.app), field list of BMD's import: satzart (1 digit, 0 = FIBU
 *   booking), konto (num 10), gkonto (num 10), buchdatum and belegdatum (TT.MM.JJJJ), belegnr (alphanum 20),
 *   steuercode (num 4), mwst/prozent (num 3,3), buchcode (1 Soll, 2 Haben), betrag (num 15,2, "bei Buchcode 1 immer
 *   pos. ausser bei Gutschrift"), steuer (num 15,2, "VZ richtet sich nach Steuerart … Umsatzst.: Minus / Vorst. Plus /
 *   Erwerbsst.: Soll u. Haben Minus"), waehrung, fwbetrag, fwsteuer, fwskonto, periode (num 2).
 * - [StaffSupply] StaffSupply help "BMD NTCS" (staffsupply.at), which follows BMD's "BuErf Import - Import von
 *   Buchungen": skonto (the Skonto amount, 2 decimals, sign opposite to betrag: negative for an invoice whose betrag is
 *   positive), skontopz (2 decimals), skontotage and zziel (days), text (up to 255 characters), buchsymbol (e.g. AR).
 * - [Polles] Pollex TaskCenter "Schnittstelle BMD": the special steuercodes of BMD's ImportBuchungen.pdf — outgoing 1/3,
 *   7, 17, 27, 77; incoming 9, 19, 59, 79 (the acquisition and reverse-charge codes, "Erwerbsteuer").
 * - [BMD] the file conventions: semicolons, a first line naming the columns, decimal comma, Windows-1252, CR LF.
 * Answers every finding with its line and field; an empty list means the file passes.
 */

/** One rule the file breaks. */
export interface Finding {
  line: number
  field: string
  message: string
}

/** Columns BMD's import names (lower case, as BMD's column line writes them). */
const KNOWN = new Set([
  'satzart', 'konto', 'gkonto', 'belegnr', 'belegdatum', 'buchdatum', 'buchsymbol', 'buchcode', 'prozent', 'mwst',
  'steuercode', 'betrag', 'steuer', 'text', 'periode', 'kost', 'zziel', 'skontopz', 'skontotage', 'skonto',
  'extbelegnr', 'waehrung', 'fwbetrag', 'fwsteuer', 'fwskonto', 'ebkennz', 'opbetrag', 'fwopbetrag',
])
const REQUIRED = ['satzart', 'konto', 'gkonto', 'belegnr', 'belegdatum', 'buchcode', 'betrag', 'steuercode', 'steuer']
/** [Polles] incoming steuercodes of the tax the recipient owes (acquisition, reverse charge): "Erwerbsteuer". */
const ACQUISITION_CODES = new Set(['9', '19', '59', '79'])

const AMOUNT = /^-?\d{1,13},\d{2}$/
const cents = (text: string) => {
  const negative = text.startsWith('-')
  const [whole = '0', fraction = '00'] = text.replace('-', '').split(',')
  const value = Number(whole) * 100 + Number(fraction)
  return negative ? -value : value
}
const percent = (text: string) => Number(text.replace(',', '.'))

function realDate(text: string): boolean {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text)
  if (!match) return false
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** Checks the bytes of a BMD booking import file; every finding with its line (1 = the column line) and field. */
export function checkBmdFile(bytes: Uint8Array): Finding[] {
  const findings: Finding[] = []
  const add = (line: number, field: string, message: string) => findings.push({ line, field, message })
  const text = new TextDecoder('windows-1252').decode(bytes)
  if (/[^\r]\n/.test(text) || !text.endsWith('\r\n')) add(0, 'file', 'lines must end with CR LF [BMD]')
  if (text.includes('\uFFFD')) add(0, 'file', 'not Windows-1252 [BMD]')
  const lines = text.split('\r\n')
  if (lines.at(-1) === '') lines.pop()
  const columns = (lines[0] ?? '').split(';')
  for (const name of columns) if (!KNOWN.has(name)) add(1, name, 'not a column of BMD’s booking import [NAVAX, StaffSupply]')
  for (const name of REQUIRED) if (!columns.includes(name)) add(1, name, 'required column missing [NAVAX]')
  if (new Set(columns).size !== columns.length) add(1, 'file', 'a column named twice')

  lines.slice(1).forEach((raw, index) => {
    const line = index + 2
    const cells = raw.split(';')
    if (cells.length !== columns.length) {
      add(line, 'file', `${cells.length} fields, the column line names ${columns.length} (a text with a semicolon?) [BMD]`)
      return
    }
    const row = Object.fromEntries(columns.map((name, i) => [name, cells[i] ?? '']))
    const has = (name: string) => (row[name] ?? '') !== ''
    const expect = (name: string, ok: boolean, message: string) => {
      if (!ok) add(line, name, `${JSON.stringify(row[name] ?? '')}: ${message}`)
    }
    expect('satzart', /^\d$/.test(row.satzart ?? '') && row.satzart === '0', 'satzart 0, a FIBU booking [NAVAX]')
    expect('konto', /^\d{1,10}$/.test(row.konto ?? ''), 'account, up to 10 digits [NAVAX]')
    expect('gkonto', /^\d{1,10}$/.test(row.gkonto ?? ''), 'counter account, up to 10 digits [NAVAX]')
    expect('belegnr', /^.{1,20}$/.test(row.belegnr ?? ''), 'document number, 1 to 20 characters [NAVAX]')
    expect('belegdatum', realDate(row.belegdatum ?? ''), 'a real date TT.MM.JJJJ [NAVAX]')
    if ('buchdatum' in row && has('buchdatum')) expect('buchdatum', realDate(row.buchdatum ?? ''), 'a real date TT.MM.JJJJ [NAVAX]')
    if (has('buchsymbol')) expect('buchsymbol', /^[A-Z0-9]{1,2}$/.test(row.buchsymbol ?? ''), 'a book symbol such as AR or ER [StaffSupply]')
    expect('buchcode', row.buchcode === '1' || row.buchcode === '2', '1 = Soll, 2 = Haben [NAVAX]')
    const rateField = 'prozent' in row ? 'prozent' : 'mwst'
    expect(rateField, /^\d{1,3}(,\d{1,3})?$/.test(row[rateField] ?? ''), 'tax percent, num 3,3 [NAVAX]')
    expect('steuercode', /^\d{1,4}$/.test(row.steuercode ?? ''), 'steuercode, up to 4 digits [NAVAX]')
    expect('betrag', AMOUNT.test(row.betrag ?? ''), 'an amount with a decimal comma and 2 decimals, num 15,2 [NAVAX]')
    expect('steuer', AMOUNT.test(row.steuer ?? ''), 'an amount with a decimal comma and 2 decimals, num 15,2 [NAVAX]')
    if (has('text')) expect('text', (row.text ?? '').length <= 255 && !/[\r\n]/.test(row.text ?? ''), 'text up to 255 characters on one line [StaffSupply]')
    if (has('periode')) expect('periode', /^(0[1-9]|1[0-2])$/.test(row.periode ?? ''), 'booking period, 2 digits 01–12 [NAVAX]')
    for (const days of ['zziel', 'skontotage']) if (has(days)) expect(days, /^\d{1,3}$/.test(row[days] ?? ''), 'days, a whole number [StaffSupply]')
    if (has('skontopz')) expect('skontopz', /^\d{1,2}(,\d{1,2})?$/.test(row.skontopz ?? ''), 'Skonto percent with at most 2 decimals [StaffSupply]')
    for (const amount of ['skonto', 'fwbetrag', 'fwsteuer', 'fwskonto', 'opbetrag', 'fwopbetrag']) {
      if (has(amount)) expect(amount, AMOUNT.test(row[amount] ?? ''), 'an amount with a decimal comma and 2 decimals [NAVAX]')
    }
    if (has('waehrung')) expect('waehrung', /^[A-Z]{3}$/.test(row.waehrung ?? ''), 'ISO currency code [NAVAX]')
    if (has('waehrung') && row.waehrung !== 'EUR') expect('fwbetrag', has('fwbetrag'), 'a foreign currency needs its amount [NAVAX]')
    if (findings.some((finding) => finding.line === line)) return

    // Signs [NAVAX]: betrag follows the leading account's side (buchcode 1 positive except for a credit note); steuer by
    // the kind of tax: Umsatzsteuer minus, Vorsteuer plus, Erwerbsteuer (acquisition, reverse charge) minus on both sides.
    const betrag = cents(row.betrag ?? '')
    const steuer = cents(row.steuer ?? '')
    const debit = row.buchcode === '1'
    const turned = debit ? betrag < 0 : betrag > 0 // a credit note or a reversal turns every sign
    const sign = turned ? -1 : 1
    const rate = percent(row[rateField] ?? '0')
    if (rate === 0 && steuer !== 0) add(line, 'steuer', `${row.steuer}: a line at 0 % carries no tax [NAVAX]`)
    if (steuer !== 0) {
      const acquisition = ACQUISITION_CODES.has(row.steuercode ?? '') && !debit
      const wanted = acquisition ? -1 : debit ? -1 : 1
      if (Math.sign(steuer) !== wanted * sign) {
        const kind = acquisition ? 'Erwerbsteuer: Soll und Haben minus' : debit ? 'Umsatzsteuer minus' : 'Vorsteuer plus'
        add(line, 'steuer', `${row.steuer}: sign against the rule "${kind}"${turned ? ', turned for a credit note' : ''} [NAVAX]`)
      }
      // The tax is the rate of the line: of the net amount where the invoice shows none (Erwerbsteuer), else contained
      // in the gross betrag; one cent of rounding allowed.
      const expected = acquisition ? (Math.abs(betrag) * rate) / 100 : (Math.abs(betrag) * rate) / (100 + rate)
      if (Math.abs(Math.abs(steuer) - expected) > 1) add(line, 'steuer', `${row.steuer}: not ${rate} % of betrag ${row.betrag} [NAVAX]`)
    }
    if (has('skontopz') !== has('skonto')) add(line, 'skonto', 'Skonto percent and Skonto amount come together [StaffSupply]')
    if (has('skonto')) {
      const skonto = cents(row.skonto ?? '')
      if (skonto !== 0 && Math.sign(skonto) === Math.sign(betrag)) add(line, 'skonto', `${row.skonto}: sign opposite to betrag [StaffSupply]`)
      const expected = (Math.abs(betrag) * percent(row.skontopz ?? '0')) / 100
      if (Math.abs(Math.abs(skonto) - expected) > 1) add(line, 'skonto', `${row.skonto}: not ${row.skontopz} % of betrag ${row.betrag} [StaffSupply]`)
    }
  })
  return findings
}
