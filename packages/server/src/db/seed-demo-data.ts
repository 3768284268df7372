import { DocumentKind } from '@portal/sdk/domain'
import { austrianIban, austrianVatId } from './seed-demo-ids'

/** The demo tax firm. */
export const DEMO_FIRM = { name: 'Kanzlei Huber & Partner Steuerberatung GmbH', ntcs_id: 4711, place: 'Wien' }

/** Accounting periods every demo company has (calendar years). */
export const DEMO_ACCOUNTINGS = [2025, 2026] as const

/** Demo client companies: Austrian names, places, VAT ids with valid check digits and Austrian IBANs. */
export const DEMO_COMPANIES = [
  { company_no: 1001, company_name: 'Alpenblick Gastronomie GmbH', company_place: 'Innsbruck', current_accounting: 2026, vat: '5421873', bank: '36000', account: '5402117', register_no: 'FN 412385 t', settings: [true, false, true] },
  { company_no: 1002, company_name: 'Bäckerei Steiner KG', company_place: 'Graz', current_accounting: 2026, vat: '6238145', bank: '20815', account: '1200451877', register_no: 'FN 287654 d', settings: [true, false, false] },
  { company_no: 1003, company_name: 'Donau Logistik GmbH', company_place: 'Linz', current_accounting: 2026, vat: '6914027', bank: '34000', account: '6310442', register_no: 'FN 356912 h', settings: [false, false, false] },
  { company_no: 1004, company_name: 'Mozarteum Immobilien Verwaltung GmbH', company_place: 'Salzburg', current_accounting: 2025, vat: '5788392', bank: '35000', account: '2048193', register_no: 'FN 198273 k', settings: [false, false, true] },
  { company_no: 1005, company_name: 'Wörthersee Bootsverleih e.U.', company_place: 'Klagenfurt', current_accounting: 2026, vat: '7354210', bank: '39000', account: '104728', register_no: 'FN 501234 m', settings: [true, true, true] },
  { company_no: 1006, company_name: 'Wiener Kaffeehaus Schwarz OG', company_place: 'Wien', current_accounting: 2026, vat: '6672819', bank: '20111', account: '28304719', register_no: 'FN 445566 p', settings: [true, false, true] },
  { company_no: 1007, company_name: 'Tischlerei Gruber GmbH', company_place: 'St. Pölten', current_accounting: 2026, vat: '7011234', bank: '32000', account: '7120055', register_no: 'FN 367821 b', settings: [false, false, false] },
  { company_no: 1008, company_name: 'Rheintal Textil GmbH', company_place: 'Dornbirn', current_accounting: 2026, vat: '5190376', bank: '37000', account: '48120930', register_no: 'FN 233190 z', settings: [false, false, false] },
].map(({ vat, bank, account, settings, ...company }) => ({
  ...company,
  vat_id: austrianVatId(vat),
  iban: austrianIban(bank, account),
  settings: { show_cash_book: settings[0], small_business: settings[1], use_gross_amounts: settings[2] },
}))

/** Suppliers every demo company buys from (numbers 33xxxx; type 3 supplier, 4 both). */
export const DEMO_SUPPLIERS = [
  { account: 330001, name: 'A1 Telekom Austria AG', zip: '1020', town: 'Wien', vat: '6235148', type: 3 },
  { account: 330002, name: 'Wien Energie GmbH', zip: '1030', town: 'Wien', vat: '5102938', type: 3 },
  { account: 330003, name: 'Österreichische Post AG', zip: '1030', town: 'Wien', vat: '4674932', type: 3 },
  { account: 330004, name: 'Metro Cash & Carry Österreich GmbH', zip: '2334', town: 'Vösendorf', vat: '3882410', type: 3 },
  { account: 330005, name: 'UNIQA Österreich Versicherungen AG', zip: '1020', town: 'Wien', vat: '3719254', type: 3 },
  { account: 330006, name: 'Lagerhaus Technik-Center GmbH', zip: '8010', town: 'Graz', vat: '4412987', type: 3 },
  { account: 330007, name: 'Büro Plus Handels GmbH', zip: '4020', town: 'Linz', vat: '5521439', type: 3 },
  { account: 330008, name: 'Kelag Energie & Wärme GmbH', zip: '9020', town: 'Klagenfurt', vat: '6018327', type: 3 },
  { account: 330009, name: 'ÖBB-Personenverkehr AG', zip: '1100', town: 'Wien', vat: '5873021', type: 3 },
  { account: 330010, name: 'Kastner & Partner Unternehmensberatung GmbH', zip: '5020', town: 'Salzburg', vat: '6345512', type: 4 },
].map(({ vat, ...supplier }) => ({ ...supplier, vat_id: austrianVatId(vat), country: 'AT' }))

/** Customers of the demo companies (numbers 200000-299999, type 2). */
export const DEMO_CUSTOMERS = [
  { account: 200001, name: 'Hotel Alpenrose Betriebs GmbH', zip: '6020', town: 'Innsbruck', vat: '6120934' },
  { account: 200002, name: 'Gasthof Zur Post Mayr KG', zip: '4600', town: 'Wels', vat: '5409128' },
  { account: 200003, name: 'Autohaus Leitner GmbH', zip: '8020', town: 'Graz', vat: '6731045' },
  { account: 200004, name: 'Pichler Bau GmbH', zip: '3100', town: 'St. Pölten', vat: '5290817' },
  { account: 200005, name: 'Weingut Berger', zip: '3500', town: 'Krems an der Donau', vat: '7001256' },
  { account: 200006, name: 'Hofbauer Elektrotechnik GmbH', zip: '1210', town: 'Wien', vat: '6458730' },
  { account: 200007, name: 'Reisebüro Fuchs GmbH', zip: '5020', town: 'Salzburg', vat: '5937214' },
  { account: 200008, name: 'Schuster Installationen GmbH', zip: '9500', town: 'Villach', vat: '6612048' },
].map(({ vat, ...customer }) => ({ ...customer, type: 2, vat_id: austrianVatId(vat), country: 'AT' }))

/** The default expense accounts (Austrian chart of accounts, EKR) every company sees. */
export const DEMO_DEFAULT_EXPENSE_ACCOUNTS = [
  { account: 5000, name: 'Wareneinkauf 20 %', tax_code: 'V20' },
  { account: 5010, name: 'Wareneinkauf 10 %', tax_code: 'V10' },
  { account: 7200, name: 'Instandhaltung', tax_code: 'V20' },
  { account: 7300, name: 'Transporte durch Dritte', tax_code: 'V20' },
  { account: 7320, name: 'Treibstoff', tax_code: 'V20' },
  { account: 7340, name: 'Reisekosten', tax_code: 'V10' },
  { account: 7380, name: 'Telefon und Internet', tax_code: 'V20' },
  { account: 7390, name: 'Porto', tax_code: 'V0' },
  { account: 7400, name: 'Miete und Pacht', tax_code: 'V20' },
  { account: 7600, name: 'Büromaterial', tax_code: 'V20' },
  { account: 7650, name: 'Werbung', tax_code: 'V20' },
  { account: 7700, name: 'Versicherungen', tax_code: 'V0' },
  { account: 7750, name: 'Rechts- und Beratungsaufwand', tax_code: 'V20' },
  { account: 7790, name: 'Spesen des Geldverkehrs', tax_code: 'V0' },
  { account: 7820, name: 'Bewirtung', tax_code: 'V20' },
  { account: 7890, name: 'Sonstiger Aufwand', tax_code: 'V20' },
]

/** Expense accounts of single companies, for each accounting period. */
export const DEMO_COMPANY_EXPENSE_ACCOUNTS: Record<number, { account: number; name: string; tax_code: string }[]> = {
  1001: [
    { account: 5020, name: 'Getränkeeinkauf 20 %', tax_code: 'V20' },
    { account: 5030, name: 'Lebensmitteleinkauf 10 %', tax_code: 'V10' },
  ],
  1002: [{ account: 5040, name: 'Mehl und Backzutaten 10 %', tax_code: 'V10' }],
  1003: [{ account: 7330, name: 'Lkw-Maut', tax_code: 'V20' }],
  1005: [{ account: 7210, name: 'Bootswartung', tax_code: 'V20' }],
  1006: [{ account: 5050, name: 'Kaffee und Mehlspeisen 10 %', tax_code: 'V10' }],
}

/** Cost centres of every company. */
export const DEMO_COST_CENTERS = [
  { code: '100', name: 'Verwaltung' },
  { code: '200', name: 'Vertrieb' },
  { code: '300', name: 'Betrieb' },
]

/** Books of every company. */
export const DEMO_BOOKS = [
  // The books of incoming and outgoing invoices and the cash book carry the code of the document kind booked there.
  { code: DocumentKind.ER, name: 'Eingangsrechnungen' },
  { code: DocumentKind.AR, name: 'Ausgangsrechnungen' },
  { code: DocumentKind.KA, name: 'Kassabuch' },
  { code: 'BK', name: 'Bank' },
]

/** Demo users; password "portal-demo" for all. */
export const DEMO_USERS = [
  {
    email: 'admin@demo.portal',
    username: 'admin',
    first_name: 'Anna',
    last_name: 'Huber',
    locale: 'de',
    fav_client: 1001,
    permissions: 'all' as const,
    client_access: 'all',
    companies: [] as number[],
  },
  {
    email: 'staff@demo.portal',
    username: 'staff',
    first_name: 'Stefan',
    last_name: 'Bauer',
    locale: 'de',
    fav_client: 1001,
    permissions: ['doc', 'app', 'acc', 'rep', 'ded', 'ove', 'lab', 'exp', 'lar'],
    client_access: 'assigned',
    companies: [1001, 1002, 1003, 1004, 1005],
  },
  {
    email: 'client@demo.portal',
    username: 'client',
    first_name: 'Clara',
    last_name: 'Steiner',
    locale: 'en',
    fav_client: 1002,
    permissions: ['doc', 'rep', 'app'],
    client_access: 'assigned',
    companies: [1002],
  },
]
