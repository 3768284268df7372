import knexFactory, { type Knex } from 'knex'
import { DEMO_SUPPLIERS } from '../packages/server/src/db/seed-demo-data'
import { openDatabase } from '../packages/server/src/db/connect'
import { migrateToLatest } from '../packages/server/src/db/migrate'
import { seedDemoData } from '../packages/server/src/db/seed-demo'
import { createLogger } from '../packages/server/src/logger'

// The firm of issue 37 on PostgreSQL: 500 client companies (the demo's eight and 492 more), `documents` documents over
// three years, with candidates, history, pages and bookings in the proportions a firm's portal has after that time.
// Every table is filled by set-based SQL (generate_series, insert … select) with its secondary indexes dropped and
// built again afterwards, so a million documents take minutes, not hours.

/** The client with many documents (5 %) whose month is exported and whose documents are booked: a demo company with accounts. */
export const LARGE_CLIENT = 1002
/** Companies of the firm, the demo's included. */
export const COMPANIES = 500
/** The companies the seed adds after the demo's (2001 …). */
const FIRST_NEW_COMPANY = 2001

/** What the seed left: its size, so a later run can reuse it. */
export interface ScaleSeed {
  documents: number
  companies: number
}

/** Raised when what the seed writes changes, so an older seed is not reused. */
const SEED_VERSION = 2

const admin = (url: URL) => knexFactory({ client: 'pg', connection: url.toString(), pool: { min: 0, max: 1 } })

/** The database URL of the scale database: DATABASE_URL's server with database `portal_scale`. */
export function scaleDatabaseUrl(base = process.env.SCALE_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/portal_scale'): string {
  return base
}

/** The size the database already holds, or undefined when it is empty, missing or half-seeded. */
async function seededSize(url: URL): Promise<ScaleSeed | undefined> {
  const server = new URL(url)
  server.pathname = '/postgres'
  const probe = admin(server)
  try {
    const found = await probe.raw('select 1 from pg_database where datname = ?', [url.pathname.slice(1)])
    if (found.rows.length === 0) return undefined
  } finally {
    await probe.destroy()
  }
  const knex = admin(url)
  try {
    const has = await knex.raw(`select to_regclass('public.scale_seed') as t`)
    if (!has.rows[0].t) return undefined
    const row = await knex('scale_seed').first('*')
    return row && Number(row.version) === SEED_VERSION ? { documents: Number(row.documents), companies: Number(row.companies) } : undefined
  } catch {
    return undefined
  } finally {
    await knex.destroy()
  }
}

/** Drops and creates the database named in `url` on its server. */
async function recreateDatabase(url: URL): Promise<void> {
  const name = url.pathname.slice(1)
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`scale database name must be a plain identifier (got "${name}")`)
  const server = new URL(url)
  server.pathname = '/postgres'
  const knex = admin(server)
  try {
    await knex.raw(`drop database if exists "${name}" with (force)`)
    await knex.raw(`create database "${name}"`)
  } finally {
    await knex.destroy()
  }
}

/** Drops a table's secondary indexes (not those behind constraints) and answers how to build them again. */
async function dropIndexes(knex: Knex, table: string): Promise<string[]> {
  const rows = (
    await knex.raw(
      `select i.indexname, i.indexdef from pg_indexes i
        where i.schemaname = 'public' and i.tablename = ?
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [table],
    )
  ).rows as { indexname: string; indexdef: string }[]
  for (const row of rows) await knex.raw(`drop index "${row.indexname}"`)
  return rows.map((row) => row.indexdef)
}

/** Seeds (or reuses) the scale database; `log` tells how far it is. */
export async function seedScaleDatabase(url: string, documents: number, log: (line: string) => void): Promise<ScaleSeed> {
  const target = new URL(url)
  const existing = await seededSize(target)
  if (existing && existing.documents === documents && existing.companies === COMPANIES) {
    log(`reusing ${target.pathname.slice(1)}: ${documents} documents over ${COMPANIES} companies`)
    return existing
  }
  log(`seeding ${target.pathname.slice(1)} with ${documents} documents over ${COMPANIES} companies…`)
  await recreateDatabase(target)
  const db = await openDatabase({ databaseUrl: url, dataDir: '/nonexistent', databaseSchema: undefined })
  try {
    await migrateToLatest(db.knex)
    await seedDemoData(db.knex, createLogger({ logLevel: 'silent' }), { ledger: false })
  } finally {
    await db.close()
  }
  const knex = admin(target)
  const step = async (what: string, sql: string, bindings: Knex.RawBinding[] = []) => {
    const t0 = Date.now()
    await knex.raw(sql, bindings)
    log(`  ${what}: ${((Date.now() - t0) / 1000).toFixed(1)} s`)
  }
  try {
    // One connection (pool max 1): these settings hold for every statement below. Replica mode skips the foreign-key
    // and append-only triggers for the bulk load (the rows are consistent by construction).
    await knex.raw(`set synchronous_commit = off`)
    await knex.raw(`set maintenance_work_mem = '512MB'`)
    await knex.raw(`set work_mem = '128MB'`)
    await knex.raw(`set session_replication_role = replica`)
    const tables = ['documents', 'document_candidates', 'document_history', 'document_pages', 'bookings']
    const indexes: string[] = []
    for (const table of tables) indexes.push(...(await dropIndexes(knex, table)))
    const newCompanies = COMPANIES - 8
    await step(
      'companies',
      `insert into companies (company_no, firm_id, company_name, company_place, current_accounting, vat_id)
       select ${FIRST_NEW_COMPANY} + i, 1, 'Klient ' || (${FIRST_NEW_COMPANY} + i) || ' GmbH',
              (array['Wien','Graz','Linz','Salzburg','Innsbruck','Klagenfurt','Bregenz','St. Pölten','Eisenstadt'])[1 + i % 9], 2026, null
         from generate_series(0, ?::int - 1) i`,
      [newCompanies],
    )
    await step(
      'accounting periods',
      `insert into accounting_periods (company_no, accounting, start_date, end_date)
       select c.company_no, y, make_date(y, 1, 1), make_date(y, 12, 31)
         from companies c cross join generate_series(2024, 2026) y
        where c.company_no >= ${FIRST_NEW_COMPANY}
       on conflict do nothing`,
    )
    // The demo's staff member looks after every company of the firm.
    await step(
      'staff assignments',
      `insert into user_clients (user_id, company_no, mode)
       select u.id, c.company_no, 'assigned' from users u cross join companies c
        where u.email = 'staff@demo.portal' on conflict do nothing`,
    )
    // Company of document g: every 20th is the large client's; the others spread over the remaining 499.
    const suppliers = DEMO_SUPPLIERS.map((s) => s.name.replace(/'/g, "''"))
    const supplierVat = DEMO_SUPPLIERS.map((s) => s.vat_id)
    const words = WORDS.map((w) => `'${w}'`).join(',')
    // Documents: g runs oldest to newest; h, a hash of g, picks kind, supplier and words independently of the company. over 2024-01-01 … 2026-11-20. The newest 12 % are unconfirmed, the 4 % before
    // them confirmed and not booked, the older ones booked (and exported, but for the last months).
    await step(
      'documents',
      `with g as (select g, g::float8 / ? as age, abs(hashint8(g)::bigint) as h from generate_series(1::bigint, ?::bigint) g),
            c as (select array_agg(company_no order by company_no) as nos from companies where company_no <> ${LARGE_CLIENT})
       insert into documents (company_no, document_type, status, sha256, file_name, mime, file_kind, pages, size,
                              created_at, updated_at, processing_state, aggregated, booked_at, full_text, invoice_date,
                              invoice_number, total_net, tax_rate, tax_amount, total_gross, party_name, seller_vat_id, iban, version)
       select case when g % 20 = 0 then ${LARGE_CLIENT} else c.nos[1 + (g * 7919) % 499] end,
              case when h % 100 < 10 then 'AR' when h % 100 < 14 then 'KA' when h % 100 < 16 then 'Other' else 'ER' end,
              case when age > 0.88 then 0 when age > 0.84 then 1 when age > 0.80 then 3 else 7 end,
              md5(g::text) || md5((g + 7)::text),
              'beleg-' || g || '.pdf', 'application/pdf', 'pdf', 1 + g % 3, 20000 + g % 300000,
              ts, ts, 'done', true,
              case when age <= 0.84 then ts + interval '9 days' end,
              (array[${suppliers.map((s) => `'${s}'`).join(',')}])[1 + h % ${suppliers.length}] || ' Rechnung R-' || g
                || ' Rechnungsdatum ' || to_char(ts, 'DD.MM.YYYY') || ' Gesamtbetrag EUR ' || to_char(net + round(net * 0.2, 2), 'FM999990D00')
                || ' ' || (array[${words}])[1 + (h / 31) % ${WORDS.length}] || ' ' || (array[${words}])[1 + (h / 17) % ${WORDS.length}]
                || ' ' || (array[${words}])[1 + (h / 13) % ${WORDS.length}] || ' ' || (array[${words}])[1 + (h / 7) % ${WORDS.length}]
                || ' Zahlbar binnen 14 Tagen ohne Abzug. Vielen Dank für Ihren Auftrag. Bankverbindung IBAN AT61 1904 3002 3457 3201',
              (ts - ((g % 10) || ' days')::interval)::date,
              'R-' || g, net, 20, round(net * 0.2, 2), net + round(net * 0.2, 2),
              (array[${suppliers.map((s) => `'${s}'`).join(',')}])[1 + h % ${suppliers.length}],
              (array[${supplierVat.map((v) => `'${v}'`).join(',')}])[1 + h % ${supplierVat.length}],
              'AT611904300234573201', 1
         from g, c, lateral (select timestamptz '2024-01-01 08:00+01' + (age * interval '1054 days') as ts,
                                 round((10 + (h % 500000) / 100.0)::numeric, 2) as net) x`,
      [documents, documents],
    )
    await step('document pages', `insert into document_pages (document_id, page_no, text, has_text_layer, width, height)
      select id, 1, '', true, 595, 842 from documents`)
    // Five extracted values per document; people's confirmations on top of the confirmed ones.
    await step(
      'candidates',
      `insert into document_candidates (document_id, field, value, source, confidence, page, chosen, created_at)
       select d.id, f.field,
              case f.field when 'invoice_number' then d.invoice_number when 'issue_date' then d.invoice_date::text
                           when 'total_gross' then d.total_gross::text when 'seller_name' then d.party_name else d.iban end,
              2, 0.9, 1, (d.status & 1) = 0, d.created_at
         from documents d cross join (values ('invoice_number'), ('issue_date'), ('total_gross'), ('seller_name'), ('iban')) f(field)
       union all
       select d.id, f.field,
              case f.field when 'invoice_number' then d.invoice_number when 'issue_date' then d.invoice_date::text
                           when 'total_gross' then d.total_gross::text when 'total_net' then d.total_net::text
                           when 'total_tax' then d.tax_amount::text when 'seller_vat_id' then d.seller_vat_id
                           when 'currency' then 'EUR' else d.party_name end,
              12, 1, null, true, d.created_at + interval '1 day'
         from documents d cross join (values ('invoice_number'), ('issue_date'), ('total_gross'), ('total_net'), ('total_tax'),
                                             ('seller_name'), ('seller_vat_id'), ('currency')) f(field)
        where (d.status & 1) = 1`,
    )
    await step(
      'history',
      `insert into document_history (document_id, company_no, at, user_name, action, version)
       select id, company_no, created_at, 'Scanner', 'uploaded', 1 from documents
       union all select id, company_no, created_at + interval '1 day', 'Mitarbeiter', 'confirmed', 1 from documents where (status & 1) = 1
       union all select id, company_no, booked_at, 'Mitarbeiter', 'booked', 1 from documents where (status & 2) = 2`,
    )
    await step(
      'bookings',
      `insert into bookings (document_id, company_no, booking_no, kind, document_type, account, counter_account, cost_center,
                             period, book, document_number, document_date, booking_date, due_date, currency, text, gross, lines,
                             created_by_name, created_at)
       select id, company_no, row_number() over (partition by company_no order by id), 'booking', document_type,
              case when document_type = 'AR' then 200000 else 330001 + id % ${DEMO_SUPPLIERS.length} end,
              case when document_type = 'AR' then 4000 else 7200 end, '300',
              to_char(invoice_date, 'YYYY-MM'), document_type, invoice_number, invoice_date, booked_at::date,
              invoice_date + 14, 'EUR', 'Beleg ' || invoice_number, total_gross,
              jsonb_build_array(jsonb_build_object('taxCode', 'V20', 'rate', '20', 'net', total_net::text, 'tax', tax_amount::text, 'gross', total_gross::text)),
              'Mitarbeiter', booked_at
         from documents where (status & 2) = 2`,
    )
    for (const sql of indexes) await step(sql.replace(/^CREATE (UNIQUE )?INDEX (\S+).*$/, 'index $2'), sql)
    await knex.raw(`set session_replication_role = origin`)
    for (const table of ['documents', 'document_candidates', 'document_history', 'bookings']) {
      await knex.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select coalesce(max(id), 1) from ${table}))`)
    }
    await step('analyze', 'vacuum analyze')
    await knex.raw(`create table scale_seed (documents int not null, companies int not null, version int not null, seeded_at timestamptz not null default now())`)
    await knex('scale_seed').insert({ documents, companies: COMPANIES, version: SEED_VERSION })
  } finally {
    await knex.destroy()
  }
  return { documents, companies: COMPANIES }
}

/** Words of an invoice's body the full-text search finds (a few per document, spread evenly). */
const WORDS = [
  'Installation', 'Wartung', 'Heizung', 'Sanitär', 'Elektro', 'Beratung', 'Lieferung', 'Reparatur', 'Reinigung', 'Transport',
  'Büromaterial', 'Druckerpapier', 'Toner', 'Software', 'Lizenz', 'Hosting', 'Telefon', 'Internet', 'Strom', 'Gas',
  'Fernwärme', 'Miete', 'Leasing', 'Versicherung', 'Steuerberatung', 'Rechtsberatung', 'Werbung', 'Inserat', 'Catering', 'Bewirtung',
  'Hotel', 'Reisekosten', 'Bahnticket', 'Flug', 'Taxi', 'Treibstoff', 'Diesel', 'Reifen', 'Service', 'Ersatzteile',
  'Werkzeug', 'Maschine', 'Fenster', 'Türen', 'Fliesen', 'Parkett', 'Malerarbeiten', 'Dachdecker', 'Gerüst', 'Beton',
  'Holz', 'Stahl', 'Kabel', 'Leuchten', 'Möbel', 'Küche', 'Getränke', 'Lebensmittel', 'Bäckerwaren', 'Kaffee',
  'Porto', 'Paket', 'Spedition', 'Lagerung', 'Verpackung', 'Schulung', 'Seminar', 'Zeitschrift', 'Abonnement', 'Mitgliedsbeitrag',
]
