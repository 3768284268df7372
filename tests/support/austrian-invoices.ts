import { mkdirSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib'

/**
 * Austrian test invoices made with pdf-lib, with their truth: varied layouts (header grid, table header, inline
 * "Rechnung Nr. … vom …", a place-and-date line, a letter with no date label at all whose header grid holds delivery
 * and service dates), wording, date formats (written, dotted, two-digit years), order and fonts, so rules are measured on
 * what real Austrian invoices do rather than on one layout. One seed, one invoice; keep the held-out seeds for measuring.
 */

/** What an invoice states, in the corpora's ground-truth shape. */
export interface AustrianTruth {
  invoice_number: string
  issue_date: string
  due_date: string | null
  skonto_due_date: string | null
  skonto_percent: string | null
  delivery_date: string | null
  service_period_start: string | null
  service_period_end: string | null
  currency: 'EUR'
  total_gross: string
  total_net: string
  total_tax: string
  amount_due: string
  tax_breakdown: { rate: number; basis: string; tax: string }[]
  seller_name: string
  seller_vat_id: string
  buyer_name: string
  buyer_address: string
  buyer_vat_id: string | null
  iban: string | null
  iban_payer_debit: string | null
  bic: string
  company_register_number: string
  small_business: boolean
  reverse_charge: boolean
}

/** Seeds the rules were shaped on; measure on HELD_OUT_SEEDS only. */
export const DEVELOPMENT_SEEDS = Array.from({ length: 40 }, (_, n) => n + 1)
/** Seeds never looked at while writing rules. */
export const HELD_OUT_SEEDS = Array.from({ length: 60 }, (_, n) => 10_001 + n)

type Random = () => number

function seeded(seed: number): Random {
  let state = seed >>> 0 || 1
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]
const digits = (random: Random, count: number) => Array.from({ length: count }, () => Math.floor(random() * 10)).join('')

/** An Austrian VAT id with a valid check digit. */
function atu(random: Random): string {
  const body = digits(random, 7)
  let sum = 0
  for (let i = 0; i < 7; i += 1) {
    const d = Number(body[i])
    sum += i % 2 === 0 ? d : Math.floor((d * 2) / 10) + ((d * 2) % 10)
  }
  return `ATU${body}${(10 - ((sum + 4) % 10)) % 10}`
}

/** An Austrian IBAN (AT, 5-digit bank code, 11-digit account) with valid check digits. */
function austrianIban(random: Random): string {
  const bban = digits(random, 16)
  const numeric = `${bban}1029` + '00' // A=10, T=29
  let rest = 0
  for (const ch of numeric) rest = (rest * 10 + Number(ch)) % 97
  return `AT${String(98 - rest).padStart(2, '0')}${bban}`
}

const groupIban = (iban: string) => iban.replace(/(.{4})/g, '$1 ').trim()

const SELLERS = ['Alpenblick Handels GmbH', 'Huber & Söhne KG', 'Tischlerei Wagner e.U.', 'Donau Elektrotechnik GmbH', 'Berger Bau GmbH & Co KG', 'Steirische Kaffeerösterei Pichler OG', 'Gasthof zur Post Mayr GmbH', 'Installateur Gruber GmbH', 'IT-Service Leitner e.U.', 'Bäckerei Auer GmbH']
const BUYERS = ['Kanzlei Dr. Hofer Rechtsanwälte GmbH', 'Bio-Markt Lechner KG', 'Schuster Logistik GmbH', 'Hotel Seeblick Moser GmbH', 'Zahnarztpraxis Dr. Eder', 'Frey Maschinenbau AG', 'Weingut Brunner OG', 'Steiner Immobilien GmbH']
const STREETS = ['Mariahilfer Straße', 'Landstraße', 'Hauptplatz', 'Herrengasse', 'Linzer Straße', 'Bahnhofstraße', 'Kärntner Ring', 'Schubertgasse', 'Industriezeile', 'Grazer Straße']
const TOWNS = [['1060', 'Wien'], ['8010', 'Graz'], ['4020', 'Linz'], ['5020', 'Salzburg'], ['6020', 'Innsbruck'], ['9020', 'Klagenfurt'], ['3100', 'St. Pölten'], ['1100', 'Wien']] as const
const ITEMS = ['Beratungsleistung', 'Wartung Heizungsanlage', 'Büromaterial', 'Lieferung Kaffeebohnen 1 kg', 'Montage Einbauküche', 'Softwarelizenz Jahresabo', 'Reinigung Büroräume', 'Bücher Fachliteratur', 'Übernachtung Einzelzimmer', 'Transportkosten', 'Schulung Mitarbeiter', 'Elektroinstallation', 'Speisen und Getränke', 'Blumen und Pflanzen']
const MONTHS_AT = ['Jänner', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember']

interface Day {
  iso: string
  date: Date
}

function day(date: Date): Day {
  return { iso: date.toISOString().slice(0, 10), date }
}

function addDays(base: Day, days: number): Day {
  return day(new Date(base.date.getTime() + days * 86_400_000))
}

function dotted(d: Day, random: Random): string {
  const [y, m, dd] = d.iso.split('-')
  return pick(random, [`${dd}.${m}.${y}`, `${dd}.${m}.${y}`, `${Number(dd)}.${Number(m)}.${y}`])
}

/** "25.06.25": a two-digit year, as many small firms print it. */
function shortYear(d: Day): string {
  const [y, m, dd] = d.iso.split('-')
  return `${dd}.${m}.${y.slice(2)}`
}

function written(d: Day): string {
  const [y, m, dd] = d.iso.split('-')
  return `${Number(dd)}. ${MONTHS_AT[Number(m) - 1]} ${y}`
}

/** Cents as an Austrian amount: 1.234,56 */
function euro(cents: number): string {
  const negative = cents < 0
  const abs = Math.abs(cents)
  const whole = Math.floor(abs / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `${negative ? '-' : ''}${whole},${String(abs % 100).padStart(2, '0')}`
}

const decimal = (cents: number) => (cents / 100).toFixed(2)

interface Item {
  text: string
  quantity: number
  unitCents: number
  rate: number
}

/** The invoice's content before layout: parties, numbers, dates, items and terms. */
interface Invoice {
  truth: AustrianTruth
  seller: { name: string; street: string; town: string; uid: string; iban: string; bic: string; fn: string; phone: string }
  buyer: { name: string; street: string; town: string; uid: string | null; customerNo: string }
  orderNo: string
  jobNo: string
  issue: Day
  items: Item[]
  lines: { rate: number; basisCents: number; taxCents: number }[]
  netCents: number
  taxCents: number
  grossCents: number
  dates: string[]
  terms: string[]
  notes: string[]
}

function compose(seed: number): Invoice {
  const random = seeded(seed)
  const issue = day(new Date(Date.UTC(2025 + Math.floor(random() * 2), Math.floor(random() * 12), 1 + Math.floor(random() * 28))))
  const kind = pick(random, ['normal', 'normal', 'normal', 'multi', 'small', 'reverse', 'big'] as const)
  const sellerTown = pick(random, TOWNS)
  const buyerTown = pick(random, TOWNS)
  const seller = {
    name: pick(random, SELLERS),
    street: `${pick(random, STREETS)} ${1 + Math.floor(random() * 120)}`,
    town: `${sellerTown[0]} ${sellerTown[1]}`,
    uid: atu(random),
    iban: austrianIban(random),
    bic: pick(random, ['BKAUATWW', 'GIBAATWWXXX', 'RZOOAT2L', 'OBKLAT2L', 'SPSBAT21XXX']),
    fn: `FN ${100000 + Math.floor(random() * 800000)}${pick(random, ['a', 'b', 'd', 'g', 'k', 'm', 'x'])}`,
    phone: `+43 ${1 + Math.floor(random() * 9)} ${digits(random, 6)}`,
  }
  const buyer = {
    name: pick(random, BUYERS),
    street: `${pick(random, STREETS)} ${1 + Math.floor(random() * 80)}/${1 + Math.floor(random() * 9)}`,
    town: `${buyerTown[0]} ${buyerTown[1]}`,
    uid: null as string | null,
    customerNo: pick(random, ['', 'K-', 'KD']) + digits(random, 5),
  }
  const rates = kind === 'small' || kind === 'reverse' ? [0] : pick(random, [[20], [20], [20, 10], [20, 13], [10], [20, 13, 10], [20, 0]])
  const itemCount = kind === 'multi' ? 38 + Math.floor(random() * 20) : 1 + Math.floor(random() * 6)
  const big = kind === 'big' || (kind === 'reverse' && random() < 0.5)
  const items: Item[] = Array.from({ length: itemCount }, (_, n) => ({
    text: pick(random, ITEMS),
    quantity: 1 + Math.floor(random() * 5),
    unitCents: big ? 200_000 + Math.floor(random() * 900_000) : 500 + Math.floor(random() * 40_000),
    rate: rates[n % rates.length],
  }))
  const byRate = new Map<number, number>()
  for (const item of items) byRate.set(item.rate, (byRate.get(item.rate) ?? 0) + item.quantity * item.unitCents)
  const lines = [...byRate.entries()].sort((a, b) => b[0] - a[0]).map(([rate, basisCents]) => ({ rate, basisCents, taxCents: Math.round((basisCents * rate) / 100) }))
  const netCents = lines.reduce((sum, line) => sum + line.basisCents, 0)
  const taxCents = lines.reduce((sum, line) => sum + line.taxCents, 0)
  const grossCents = netCents + taxCents
  // § 11 UStG: over €10,000 the buyer's UID is printed; reverse charge always names it.
  if (grossCents > 1_000_000 || kind === 'reverse') buyer.uid = atu(random)

  const dates: string[] = []
  let delivery: Day | null = null
  let period: [Day, Day] | null = null
  if (random() < 0.6) {
    delivery = addDays(issue, -Math.floor(random() * 10) - 1)
    dates.push(`${pick(random, ['Lieferdatum', 'Leistungsdatum', 'Liefertag'])}: ${random() < 0.3 ? written(delivery) : random() < 0.2 ? shortYear(delivery) : dotted(delivery, random)}`)
  } else if (random() < 0.5) {
    const start = day(new Date(Date.UTC(Number(issue.iso.slice(0, 4)), Number(issue.iso.slice(5, 7)) - 2, 1)))
    const end = addDays(day(new Date(Date.UTC(Number(issue.iso.slice(0, 4)), Number(issue.iso.slice(5, 7)) - 1, 1))), -1)
    period = [start, end]
    dates.push(`${pick(random, ['Leistungszeitraum', 'Abrechnungszeitraum', 'Lieferzeitraum'])}: ${dotted(start, random)} ${pick(random, ['-', 'bis', '–'])} ${random() < 0.3 ? shortYear(end) : dotted(end, random)}`)
  }
  if (random() < 0.5) dates.push(`Bestelldatum: ${dotted(addDays(issue, -20 - Math.floor(random() * 20)), random)}`)

  const terms: string[] = []
  let due: Day | null = null
  let skontoDue: Day | null = null
  let skontoPercent: string | null = null
  let debit: string | null = null
  const termKind = pick(random, ['days', 'ziel', 'prompt', 'sofort', 'skonto', 'sepa', 'until'] as const)
  if (termKind === 'days') {
    const days = pick(random, [7, 14, 30])
    due = addDays(issue, days)
    terms.push(pick(random, [`Zahlbar innerhalb von ${days} Tagen ohne Abzug.`, `Bitte überweisen Sie den Betrag innerhalb von ${days} Tagen.`, `Zahlungsbedingungen: ${days} Tage netto`]))
  } else if (termKind === 'ziel') {
    const days = pick(random, [14, 30, 45])
    due = addDays(issue, days)
    terms.push(`Zahlungsziel ${days} Tage netto`)
  } else if (termKind === 'prompt') {
    due = issue
    terms.push(pick(random, ['Zahlbar prompt.', 'Zahlung: prompt nach Erhalt der Rechnung']))
  } else if (termKind === 'sofort') {
    due = issue
    terms.push(pick(random, ['Zahlbar sofort ohne Abzug.', 'Der Rechnungsbetrag ist sofort ohne Abzug fällig.']))
  } else if (termKind === 'skonto') {
    const percent = pick(random, [2, 2.5, 3])
    const skontoDays = pick(random, [8, 10, 14])
    const days = pick(random, [30, 45])
    due = addDays(issue, days)
    skontoDue = addDays(issue, skontoDays)
    skontoPercent = String(percent)
    const printed = String(percent).replace('.', ',')
    terms.push(
      pick(random, [
        `${printed} % Skonto bei Zahlung binnen ${skontoDays} Tagen, ${days} Tage netto`,
        `Zahlbar innerhalb von ${skontoDays} Tagen mit ${printed} % Skonto oder ${days} Tage netto.`,
        `${skontoDays} Tage ${printed}% Skonto, ${days} Tage netto`,
        `Bei Zahlung bis ${written(skontoDue)} gewähren wir ${printed} % Skonto, zahlbar bis ${written(due)} netto.`,
        `Skonto: ${printed} % innerhalb von ${skontoDays} Tagen ab Rechnungsdatum; Zahlungsziel ${days} Tage netto`,
      ]),
    )
  } else if (termKind === 'sepa') {
    due = addDays(issue, pick(random, [5, 7, 10]))
    debit = austrianIban(random)
    terms.push(`Der Betrag wird am ${dotted(due, random)} mittels SEPA-Lastschrift von Ihrem Konto ${groupIban(debit)} eingezogen.`)
    terms.push(`Mandatsreferenz: M-${digits(random, 6)}, Creditor-ID AT98ZZZ${digits(random, 11)}`)
  } else {
    due = addDays(issue, pick(random, [10, 14, 21]))
    terms.push(`Zahlbar bis ${random() < 0.5 ? written(due) : dotted(due, random)} ohne Abzug.`)
  }
  const notes: string[] = []
  if (kind === 'small') notes.push(pick(random, ['Umsatzsteuerfrei aufgrund der Kleinunternehmerregelung gemäß § 6 Abs. 1 Z 27 UStG.', 'Kleinunternehmer gem. § 6 Abs. 1 Z 27 UStG – keine Umsatzsteuer ausgewiesen.']))
  if (kind === 'reverse') notes.push(pick(random, ['Übergang der Steuerschuld auf den Leistungsempfänger gemäß § 19 Abs. 1 UStG (Reverse Charge).', 'Reverse Charge: Die Steuerschuld geht gem. § 19 UStG auf den Leistungsempfänger über.']))

  const year = issue.iso.slice(0, 4)
  const invoiceNumber = pick(random, [`RE-${year}-${digits(random, 4)}`, `${year}${digits(random, 4)}`, `R${digits(random, 6)}`, `${digits(random, 3)}/${year}`, `AR-${digits(random, 5)}`, `${year}-${digits(random, 3)}`])
  return {
    truth: {
      invoice_number: invoiceNumber,
      issue_date: issue.iso,
      due_date: due?.iso ?? null,
      skonto_due_date: skontoDue?.iso ?? null,
      skonto_percent: skontoPercent,
      delivery_date: delivery?.iso ?? null,
      service_period_start: period?.[0].iso ?? null,
      service_period_end: period?.[1].iso ?? null,
      currency: 'EUR',
      total_gross: decimal(grossCents),
      total_net: decimal(netCents),
      total_tax: decimal(taxCents),
      amount_due: decimal(grossCents),
      tax_breakdown: lines.map((line) => ({ rate: line.rate, basis: decimal(line.basisCents), tax: decimal(line.taxCents) })),
      seller_name: seller.name,
      seller_vat_id: seller.uid,
      buyer_name: buyer.name,
      buyer_address: `${buyer.street}, ${buyer.town}`,
      buyer_vat_id: buyer.uid,
      iban: termKind === 'sepa' ? null : seller.iban,
      iban_payer_debit: debit,
      bic: seller.bic,
      company_register_number: seller.fn.replace(/^FN /, ''),
      small_business: kind === 'small',
      reverse_charge: kind === 'reverse',
    },
    seller,
    buyer,
    orderNo: `${pick(random, ['B', 'PO-', ''])}${digits(random, 6)}`,
    jobNo: `${pick(random, ['A', 'AU-', ''])}${digits(random, 5)}`,
    issue,
    items,
    lines,
    netCents,
    taxCents,
    grossCents,
    dates,
    terms,
    notes,
  }
}

const A4: [number, number] = [595.28, 841.89]

/** Writes text at (x, y from the top). */
class Pen {
  page: PDFPage
  constructor(
    private readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = doc.addPage(A4)
  }
  newPage(): void {
    this.page = this.doc.addPage(A4)
  }
  text(text: string, x: number, y: number, size = 10, face: PDFFont = this.font): void {
    this.page.drawText(text, { x, y: A4[1] - y, size, font: face })
  }
  right(text: string, right: number, y: number, size = 10, face: PDFFont = this.font): void {
    this.text(text, right - face.widthOfTextAtSize(text, size), y, size, face)
  }
}

/** Renders an invoice in one of several layouts chosen by the seed; answers the PDF. */
async function render(invoice: Invoice, seed: number): Promise<Uint8Array> {
  const random = seeded(seed * 7919 + 13)
  const doc = await PDFDocument.create()
  const family = pick(random, [
    [StandardFonts.Helvetica, StandardFonts.HelveticaBold],
    [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold],
    [StandardFonts.Helvetica, StandardFonts.HelveticaBold],
    [StandardFonts.Courier, StandardFonts.CourierBold],
  ] as const)
  const pen = new Pen(doc, await doc.embedFont(family[0]), await doc.embedFont(family[1]))
  const { seller, buyer, truth } = invoice
  const sellerIdsInFooter = random() < 0.5
  const layout = pick(random, ['grid', 'table', 'inline', 'place', 'letter', 'letter'] as const)
  // Delivery and service dates stand below the header, or in the header grid beside the other references.
  const datesInGrid = (layout === 'grid' || layout === 'letter') && random() < 0.6
  const gridDates = datesInGrid ? invoice.dates.map((line) => line.split(': ') as [string, string]) : []

  // Letterhead
  pen.text(seller.name, 56, 56, 15, pen.bold)
  pen.text(`${seller.street} · ${seller.town} · Tel. ${seller.phone}`, 56, 72, 8)
  if (!sellerIdsInFooter) pen.text(`UID: ${seller.uid} · ${seller.fn} · ${pick(random, ['Firmenbuchgericht', 'LG'])} ${seller.town.split(' ')[1]}`, 56, 84, 8)
  // Buyer block (the window of the envelope)
  pen.text(`${seller.name}, ${seller.street}, ${seller.town}`, 56, 120, 6)
  const buyerLines = [buyer.name, pick(random, ['z. H. Frau Mag. Berger', 'Buchhaltung', '']), buyer.street, buyer.town].filter(Boolean)
  if (buyer.uid) buyerLines.push(`${pick(random, ['UID', 'UID-Nr.', 'Ihre UID'])}: ${buyer.uid}`)
  buyerLines.forEach((line, n) => pen.text(line, 56, 136 + n * 13, 10))

  const dateText = random() < 0.3 ? written(invoice.issue) : random() < 0.2 ? shortYear(invoice.issue) : dotted(invoice.issue, random)
  // The town of a place-and-date line: the seller's, or that of a branch.
  const place = pick(random, [seller.town.split(' ').slice(1).join(' '), seller.town.split(' ').slice(1).join(' '), 'Eisenstadt', 'Baden', 'Wiener Neustadt', 'Bregenz', 'Innsbruck'])
  const refs = [
    [pick(random, ['Kundennummer', 'Kunden-Nr.', 'Kd.-Nr.']), buyer.customerNo],
    [pick(random, ['Bestellnummer', 'Bestell-Nr.', 'Ihre Bestellung']), invoice.orderNo],
    [pick(random, ['Auftragsnummer', 'Auftrags-Nr.']), invoice.jobNo],
  ].filter(() => random() < 0.75)
  let y = 230
  if (layout === 'grid') {
    const invoiceLabel = pick(random, ['Rechnungsnummer', 'Rechnungs-Nr.', 'Rechnung Nr.', 'Beleg-Nr.'])
    const dateLabel = pick(random, ['Rechnungsdatum', 'Datum', 'Rechnungsdatum'])
    const grid = [...refs.slice(0, 1), [invoiceLabel, truth.invoice_number], [dateLabel, dateText], ...gridDates, ...refs.slice(1)]
    grid.forEach(([label, value], n) => {
      pen.text(`${label}:`, 340, 136 + n * 13, 9)
      pen.text(value, 450, 136 + n * 13, 9)
    })
    pen.text(pick(random, ['RECHNUNG', 'Rechnung']), 56, y, 16, pen.bold)
  } else if (layout === 'table') {
    pen.text('Rechnung', 56, y - 10, 16, pen.bold)
    const cells = [['Rechnungsnr.', truth.invoice_number], ['Datum', dateText], ...refs]
    cells.forEach(([label, value], n) => {
      pen.text(label, 56 + n * 125, y + 14, 8, pen.bold)
      pen.text(value, 56 + n * 125, y + 26, 9)
    })
    y += 16
  } else if (layout === 'inline') {
    pen.text(`Rechnung Nr. ${truth.invoice_number} vom ${dateText}`, 56, y, 14, pen.bold)
    refs.forEach(([label, value], n) => pen.text(`${label}: ${value}`, 56, y + 16 + n * 11, 9))
    y += refs.length * 11
  } else if (layout === 'letter') {
    // No date label at all: the date is the letter's, in a place-and-date line; the grid holds references and the
    // delivery or service dates.
    pen.right(`${place}, ${pick(random, ['am ', 'den ', ''])}${dateText}`, 540, 200, 10)
    const grid = [...refs, ...gridDates]
    grid.forEach(([label, value], n) => {
      pen.text(`${label}:`, 340, 130 + n * 11, 8)
      pen.text(value, 440, 130 + n * 11, 8)
    })
    pen.text(`${pick(random, ['Rechnung', 'RECHNUNG'])} ${pick(random, ['Nr.', 'Nummer', 'Nr.:'])} ${truth.invoice_number}`, 56, y, 14, pen.bold)
  } else {
    pen.right(`${place}, ${pick(random, ['am ', ''])}${random() < 0.5 ? written(invoice.issue) : dateText}`, 540, 200, 10)
    pen.text(`${pick(random, ['Rechnung', 'RECHNUNG'])} ${pick(random, ['Nr.', 'Nummer'])} ${truth.invoice_number}`, 56, y, 14, pen.bold)
    refs.forEach(([label, value], n) => pen.text(`${label}: ${value}`, 56, y + 16 + n * 11, 9))
    y += refs.length * 11
  }
  y += 30
  for (const line of datesInGrid ? [] : invoice.dates) {
    pen.text(line, 56, y, 9)
    y += 12
  }
  y += 10

  // Items, with "Übertrag" lines when they run over a page
  const header = () => {
    pen.text('Pos', 56, y, 9, pen.bold)
    pen.text('Bezeichnung', 86, y, 9, pen.bold)
    pen.right('Menge', 330, y, 9, pen.bold)
    pen.right('Einzelpreis', 400, y, 9, pen.bold)
    pen.right('USt', 440, y, 9, pen.bold)
    pen.right('Betrag', 540, y, 9, pen.bold)
    y += 16
  }
  header()
  let carried = 0
  invoice.items.forEach((item, n) => {
    if (y > 720) {
      pen.right(`Übertrag: ${euro(carried)}`, 540, y + 6, 9, pen.bold)
      pen.text(`Seite ${doc.getPageCount()}`, 280, 810, 8)
      pen.newPage()
      y = 70
      pen.text(`Rechnung ${truth.invoice_number} – Fortsetzung`, 56, y - 20, 9)
      pen.right(`Übertrag: ${euro(carried)}`, 540, y, 9, pen.bold)
      y += 18
      header()
    }
    const amount = item.quantity * item.unitCents
    carried += amount
    pen.text(String(n + 1), 56, y, 9)
    pen.text(item.text, 86, y, 9)
    pen.right(String(item.quantity), 330, y, 9)
    pen.right(euro(item.unitCents), 400, y, 9)
    pen.right(`${item.rate} %`, 440, y, 9)
    pen.right(euro(amount), 540, y, 9)
    y += 13
  })
  if (y > 600) {
    pen.newPage()
    y = 80
  }
  y += 14
  // Totals
  // Labels start left enough that "USt 20 % von 16.941,65" never runs into the amount column, in any font.
  const labelX = 290
  pen.text(pick(random, ['Summe netto', 'Nettobetrag', 'Zwischensumme netto', 'Gesamt netto']), labelX, y, 10)
  pen.right(`${pick(random, ['EUR ', '€ ', ''])}${euro(invoice.netCents)}`, 540, y, 10)
  y += 14
  if (truth.small_business || truth.reverse_charge) {
    pen.text(truth.reverse_charge ? 'USt 0 % (Reverse Charge)' : 'USt 0 %', labelX, y, 10)
    pen.right(euro(0), 540, y, 10)
    y += 14
  } else {
    for (const line of invoice.lines) {
      pen.text(`${pick(random, ['USt', 'MwSt.', 'zzgl. USt'])} ${line.rate} %${invoice.lines.length > 1 ? ` von ${euro(line.basisCents)}` : ''}`, labelX, y, 9)
      pen.right(euro(line.taxCents), 540, y, 10)
      y += 14
    }
  }
  pen.text(pick(random, ['Gesamtbetrag', 'Rechnungsbetrag', 'Summe brutto', 'Zu zahlen']), labelX, y + 4, 11, pen.bold)
  pen.right(`EUR ${euro(invoice.grossCents)}`, 540, y + 4, 11, pen.bold)
  y += 34
  for (const line of [...invoice.notes, ...invoice.terms]) {
    pen.text(line, 56, y, 9)
    y += 13
  }
  if (truth.iban && random() < 0.5) {
    pen.text(`Bankverbindung: ${groupIban(seller.iban)} · BIC ${seller.bic}`, 56, y + 4, 9)
  }
  // Footer with the seller's identifiers
  const footer = [`${seller.name} · ${seller.street} · ${seller.town}`, `${sellerIdsInFooter ? `UID-Nr. ${seller.uid} · ${seller.fn} · ` : ''}IBAN ${groupIban(seller.iban)} · BIC ${seller.bic}`]
  footer.forEach((line, n) => pen.text(line, 56, 790 + n * 10, 7))
  return doc.save()
}

/** One generated Austrian invoice: the PDF and its truth. */
export async function austrianInvoice(seed: number): Promise<{ pdf: Uint8Array; truth: AustrianTruth }> {
  const invoice = compose(seed)
  return { pdf: await render(invoice, seed), truth: invoice.truth }
}

/** Writes invoices of the given seeds as a corpus set (manifest.json, docs/, gt/) that `eval:extraction` reads. */
export async function writeAustrianCorpus(dir: string, seeds: number[]): Promise<void> {
  mkdirSync(join(dir, 'docs'), { recursive: true })
  mkdirSync(join(dir, 'gt'), { recursive: true })
  const set = basename(dir)
  const documents = []
  for (const seed of seeds) {
    const { pdf, truth } = await austrianInvoice(seed)
    const id = `at-${seed}`
    writeFileSync(join(dir, 'docs', `${id}.pdf`), pdf)
    writeFileSync(join(dir, 'gt', `${id}.json`), JSON.stringify({ ...truth, doc_id: id }, null, 1))
    // The development seeds are the tuning part; every other seed is held out (never tuned on).
    documents.push({ doc_id: id, file: `${set}/docs/${id}.pdf`, ground_truth: `${set}/gt/${id}.json`, part: DEVELOPMENT_SEEDS.includes(seed) ? 'tuning' : 'held-out' })
  }
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ source: 'austrian_generated', documents }, null, 1))
}
