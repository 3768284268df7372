import { QUOTA_COLUMNS, RECORD_COLUMNS, QuotaItemState, type FonImportKind, type FonReturnType } from '@portal/sdk/domain'
import { importFonFile } from '../commands/importFonFile'
import { resolveFonConflict } from '../commands/resolveFonConflict'
import { insertFonImport } from '../models/fon-imports'
import { daysAgo, type DemoScreenContext } from './seed-demo-context'

/** One client's return in the demo's FON files: what the firm's records and FinanzOnline say of it. */
interface DemoReturn {
  persNr: string
  taxId: string
  name: string
  type: FonReturnType
  companyNo?: number
  /** The firm's record: submitted that many days ago (null: not yet); absent: no record at all. */
  submitted?: number | null
  /** FinanzOnline's list: received that many days ago (null: not yet); absent: FON does not list it. */
  received?: number | null
  /** Marked not relevant in the firm's records (no return due). */
  notRelevant?: boolean
  /** Resolved by hand after the import (a conflict the firm has cleared up). */
  resolve?: string
}

/**
 * Last year's returns of the firm's clients, so the quota monitoring shows an item in every state: submitted,
 * open, not relevant, in conflict (each side missing something), on FON's list only, and one resolved by hand.
 */
const RETURNS: DemoReturn[] = [
  { persNr: '1001', taxId: '81-234/5671', name: 'Alpenblick Gastronomie GmbH', type: 'K', companyNo: 1001, submitted: 61, received: 60 },
  { persNr: '1002', taxId: '68-412/3307', name: 'Bäckerei Steiner KG', type: 'F', companyNo: 1002, submitted: 45, received: 44 },
  { persNr: '1003', taxId: '46-118/2094', name: 'Donau Logistik GmbH', type: 'K', companyNo: 1003, submitted: null, received: null },
  { persNr: '1004', taxId: '91-305/6612', name: 'Mozarteum Immobilien Verwaltung GmbH', type: 'U', companyNo: 1004, submitted: 20, received: null },
  { persNr: '1005', taxId: '57-220/4418', name: 'Wörthersee Bootsverleih e.U.', type: 'E', companyNo: 1005, received: 33 },
  { persNr: '1006', taxId: '07-481/2265', name: 'Wiener Kaffeehaus Schwarz OG', type: 'F', companyNo: 1006, submitted: null, received: 12 },
  { persNr: '1007', taxId: '22-310/7754', name: 'Tischlerei Gruber GmbH', type: 'K', companyNo: 1007, submitted: 30, received: null, resolve: 'Übermittlung laut FinanzOnline-Databox am Vortag bestätigt; Eingang folgt.' },
  { persNr: '1008', taxId: '98-144/0392', name: 'Rheintal Textil GmbH', type: 'U', companyNo: 1008, submitted: 18, received: 17 },
  { persNr: '2101', taxId: '81-517/2248', name: 'Maria Hofer', type: 'E', submitted: null, received: null, notRelevant: true },
  { persNr: '2102', taxId: '07-623/9015', name: 'Josef Leitner', type: 'E', submitted: 9, received: 8 },
  { persNr: '2103', taxId: '68-301/4476', name: 'Elisabeth Pichler', type: 'E', submitted: null, received: null },
  { persNr: '2104', taxId: '46-909/1183', name: 'Franz Moser', type: 'E', submitted: 15 },
]

const csv = (columns: readonly string[], rows: Record<string, string>[]) =>
  [columns.join(';'), ...rows.map((row) => columns.map((column) => row[column] ?? '').join(';'))].join('\n') + '\n'

/** Imports the demo's two FON files as the screen's import does (the second one reconciles), then resolves one conflict. */
export async function seedDemoFon(context: DemoScreenContext): Promise<void> {
  const year = String(Number(context.today.slice(0, 4)) - 1)
  const on = (days: number | null | undefined) => (days === null || days === undefined ? '' : daysAgo(context, days))
  const records = csv(
    RECORD_COLUMNS,
    RETURNS.filter((entry) => entry.submitted !== undefined).map((entry) => ({
      persNr: entry.persNr, taxId: entry.taxId, name: entry.name, quotenArt: entry.type, year, abgabedatum: on(entry.submitted),
      relevant: entry.notRelevant ? 'nein' : 'ja', companyId: entry.companyNo ? String(entry.companyNo) : '', kontonr: String(200000 + Number(entry.persNr)), ntcs_id: `N${entry.persNr}`, kanzlei_id: '1',
    })),
  )
  const quota = csv(
    QUOTA_COLUMNS,
    RETURNS.filter((entry) => entry.received !== undefined).map((entry) => ({
      taxId: entry.taxId, persNr: entry.persNr, name: entry.name.toUpperCase(), quotenArt: entry.type, year, eingangsDatum: on(entry.received), regKassa: '', saldo: '',
    })),
  )
  await importDemoFile(context, 'records', `ntcs-quoten-${year}.csv`, records)
  await importDemoFile(context, 'quota', `fon-quotenliste-${year}.csv`, quota)
  const knex = context.app.get('knex')
  for (const entry of RETURNS.filter((candidate) => candidate.resolve)) {
    const item = (await knex('fon_items').where({ pers_nr: entry.persNr, state: QuotaItemState.dataConflict }).first('id')) as { id: number } | undefined
    if (item) await resolveFonConflict({ app: context.app, itemId: Number(item.id), remark: entry.resolve, actor: context.actor })
  }
}

/** One file through the import's own steps: recorded with its content, then imported (here at once, not by the job). */
async function importDemoFile(context: DemoScreenContext, kind: FonImportKind, fileName: string, content: string): Promise<void> {
  const bytes = new TextEncoder().encode(content)
  const entry = await insertFonImport(context.app.get('knex'), { kind, fileName, actor: context.actor, content: bytes, rows: content.trim().split('\n').length - 1 })
  await importFonFile({ app: context.app, importId: entry.id })
}
