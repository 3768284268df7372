import { BANK_TERMS_VERSION, DocumentKind, type MatchableItem } from '@portal/sdk/domain'
import type { BankAccessRecord } from '@portal/sdk/services'
import { camtStatement, type CamtEntry } from '../banking/camt053-write'
import { importBankStatement } from '../commands/banking/importBankStatement'
import { matchableItems } from '../models/bank-open-items'
import { DEMO_COMPANIES } from './seed-demo-data'
import { austrianIban } from './seed-demo-ids'
import { addDays } from './seed-demo-ledger-files'
import { austrianDate } from './seed-demo-ledger-pdf'
import { daysAgo, type DemoScreenContext } from './seed-demo-context'

/**
 * Banking and bank approvals of the demo (issue 38), done as the screens do them: the companies accept the terms and
 * ask for access, the firm approves or rejects, and a statement file of Alpenblick's business account goes through the
 * import, which settles the open invoices it names by itself and leaves the rest to try (card settlements, fees,
 * a part payment waiting for a click). Needs the demo ledger (1001's open invoices).
 */
export async function seedDemoBanking(context: DemoScreenContext): Promise<void> {
  const { app, admin } = context
  const params = { user: admin }
  const company = (companyNo: number) => DEMO_COMPANIES.find((entry) => entry.company_no === companyNo)!
  const request = async (client: number, iban: string, name: string) => {
    await app.service('bank-terms').create({ client, version: BANK_TERMS_VERSION, language: 'de' }, params)
    return (await app.service('bank-accesses').create({ client, iban, name, provider: 'files' }, params)) as BankAccessRecord
  }
  const decide = (access: BankAccessRecord, decision: 'approve' | 'reject', reason?: string) =>
    app.service('bank-approvals').patch(access.id, { decision, ...(reason ? { reason } : {}) }, params)

  // Alpenblick's business account is read by statement files; Wörthersee's is approved too, without movements yet.
  const alpenblick = await request(1001, company(1001).iban, 'Geschäftskonto Raiffeisen')
  await decide(alpenblick, 'approve')
  await decide(await request(1005, company(1005).iban, 'Geschäftskonto Kärntner Sparkasse'), 'approve')
  // Donau Logistik named an account the company does not hold: rejected with the reason.
  await decide(await request(1003, austrianIban('34000', '6310999'), 'Kreditkartenkonto'), 'reject', 'Das Konto lautet nicht auf die Donau Logistik GmbH; bitte das Geschäftskonto angeben.')
  // Waiting for the firm: Steiner's business account and Kaffeehaus Schwarz's savings account.
  await request(1002, company(1002).iban, 'Geschäftskonto Steiermärkische')
  await request(1006, austrianIban('20111', '28304727'), 'Rücklagenkonto')

  await importBankStatement({
    app,
    user: admin,
    companyNo: 1001,
    fileName: `kontoauszug-${daysAgo(context, 1)}.xml`,
    content: camtStatement({ iban: company(1001).iban, statementId: `RLB-${context.today.slice(0, 4)}-${context.today.slice(5, 7)}`, openingCents: 18_432_10, entries: await demoMovements(context) }),
  })
}

/**
 * The movements of the last weeks on Alpenblick's account, oldest first: two customers paying their latest open
 * invoices in full, one supplier paid (these settle by themselves), a customer's part payment (a proposal to click),
 * and the movements no invoice stands for.
 */
async function demoMovements(context: DemoScreenContext): Promise<CamtEntry[]> {
  const knex = context.app.get('knex')
  const items = await matchableItems(knex, 1001, context.today)
  const dates = new Map(
    ((await knex('bookings').whereIn('id', items.map((item) => item.bookingId)).select('id', 'document_date')) as { id: number; document_date: string | Date }[]).map((row) => [
      Number(row.id),
      typeof row.document_date === 'string' ? row.document_date.slice(0, 10) : new Date(row.document_date.getTime() - row.document_date.getTimezoneOffset() * 60_000).toISOString().slice(0, 10),
    ]),
  )
  // An invoice is paid a few days after it was written, never today or later.
  const paidOn = (item: MatchableItem, days: number) => {
    const date = addDays(dates.get(item.bookingId) ?? daysAgo(context, 30), days)
    return date < daysAgo(context, 1) ? date : daysAgo(context, 1)
  }
  // The latest invoices first: paid within days, as most are.
  const open = (side: MatchableItem['side']) =>
    items
      .filter((item) => item.side === side && item.paidCents === 0 && item.openCents > 0 && item.documentNumber && dates.get(item.bookingId)! < daysAgo(context, 3))
      .sort((a, b) => dates.get(b.bookingId)!.localeCompare(dates.get(a.bookingId)!))
  const [first, second, partly] = open(DocumentKind.AR)
  const [supplier] = open(DocumentKind.ER)
  const entries: CamtEntry[] = []
  const pay = (item: MatchableItem | undefined, days: number, cents: (item: MatchableItem) => number, remittance: (item: MatchableItem) => string) => {
    if (item) entries.push({ amountCents: item.side === DocumentKind.AR ? cents(item) : -cents(item), date: paidOn(item, days), name: item.partnerName ?? undefined, iban: item.partnerIban ?? undefined, remittance: remittance(item) })
  }
  pay(first, 3, (item) => item.openCents, (item) => `Rechnung ${item.documentNumber} dankend erhalten`)
  pay(second, 5, (item) => item.openCents, (item) => `RE ${item.documentNumber}`)
  pay(supplier, 2, (item) => item.openCents, (item) => `Zahlung ${item.documentNumber}`)
  pay(partly, 4, (item) => Math.round(item.openCents / 200) * 100, (item) => `Teilzahlung ${item.documentNumber}`)
  const cards = (days: number) => `Kartenumsätze Bankomatkasse ${austrianDate(daysAgo(context, days + 1))}`
  entries.push(
    { amountCents: 2_318_40, date: daysAgo(context, 13), name: 'card complete Service Bank AG', remittance: cards(13) },
    { amountCents: -1_286_55, date: daysAgo(context, 11), name: 'Österreichische Gesundheitskasse', iban: austrianIban('60000', '7104019'), remittance: 'SV-Beiträge Beitragskonto 4712031' },
    { amountCents: 1_942_70, date: daysAgo(context, 6), name: 'card complete Service Bank AG', remittance: cards(6) },
    { amountCents: -38_90, date: daysAgo(context, 2), name: 'Raiffeisen-Landesbank Tirol AG', remittance: 'Kontoführung und Spesen' },
  )
  return entries.sort((a, b) => a.date.localeCompare(b.date))
}
