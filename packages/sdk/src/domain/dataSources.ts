/**
 * Data-source / extraction-method codes of §3: which extractor or person produced a field value.
 * E_Invoice_XML (40) is our own addition: values read exactly from a structured e-invoice
 * (ZUGFeRD/Factur-X, XRechnung, ebInterface); 40 is unused by the source system's list (2..37).
 */
export const DataSource = {
  PDF_Parse: 2,
  OCR: 7,
  Human_Labeling: 9,
  Machine_Learning: 10,
  Aggregator: 11,
  Human_Confirmation: 12,
  Human_Booking: 13,
  EASY_OCR: 17,
  Machine_Learning_Easy_OCR: 18,
  Human_Labeling_Easy_OCR: 19,
  DOC_TR_OCR: 20,
  Machine_Learning_DOC_TR: 21,
  Human_Labeling_DOC_TR: 22,
  SURYA_OCR: 23,
  Machine_Learning_Surya: 24,
  Human_Labeling_Surya: 25,
  PADDLE_OCR: 26,
  Human_Labeling_Paddle: 27,
  Machine_Learning_Paddle: 28,
  PARTIAL_OCR: 29,
  Human_Labeling_Partial_OCR: 30,
  Machine_Learning_Partial_OCR: 31,
  PARTIAL_APPLE_OCR: 32,
  Machine_Learning_Partial_Apple_OCR: 33,
  Human_Labeling_Partial_Apple_OCR: 34,
  PDFIUM_PARTIAL_APPLE_OCR: 35,
  Machine_Learning_PDFIUM_Partial_Apple_OCR: 36,
  Human_Labeling_PDFIUM_Partial_Apple_OCR: 37,
  E_Invoice_XML: 40,
} as const

/** The name of a data source. */
export type DataSourceName = keyof typeof DataSource

/** A data-source code. */
export type DataSourceCode = (typeof DataSource)[DataSourceName]

/** Name of a data-source code, or undefined for codes we do not know. */
export function dataSourceName(code: number): DataSourceName | undefined {
  return (Object.keys(DataSource) as DataSourceName[]).find((name) => DataSource[name] === code)
}

/**
 * How far a person's value outranks the machines' (higher wins): a booking (13) over a confirmation (12)
 * over a label (9, and the source system's Human_Labeling_* variants). Machine sources rank 0.
 */
const HUMAN_RANK: Readonly<Record<number, number>> = {
  [DataSource.Human_Booking]: 3,
  [DataSource.Human_Confirmation]: 2,
  [DataSource.Human_Labeling]: 1,
  [DataSource.Human_Labeling_Easy_OCR]: 1,
  [DataSource.Human_Labeling_DOC_TR]: 1,
  [DataSource.Human_Labeling_Surya]: 1,
  [DataSource.Human_Labeling_Paddle]: 1,
  [DataSource.Human_Labeling_Partial_OCR]: 1,
  [DataSource.Human_Labeling_Partial_Apple_OCR]: 1,
  [DataSource.Human_Labeling_PDFIUM_Partial_Apple_OCR]: 1,
}

/** The sources people produce; a machine re-run never removes or outranks their values. */
export const HUMAN_SOURCES: readonly DataSourceCode[] = Object.keys(HUMAN_RANK).map(Number) as DataSourceCode[]

/** True when people produced values of this source (labeling, confirmation, booking). */
export function isHumanSource(code: number): boolean {
  return Object.hasOwn(HUMAN_RANK, code)
}

/** Precedence of a source when a field's current value is picked: 3 booking, 2 confirmation, 1 labeling, 0 machines. */
export function sourcePrecedence(code: number): number {
  return HUMAN_RANK[code] ?? 0
}

/** What the precedence needs of a candidate value. */
export interface RankedCandidate {
  source: number
  confidence: number
}

/**
 * The current value of one field among its candidates, given oldest first: the person's of the highest
 * precedence (Human_Booking > Human_Confirmation > Human_Labeling), the latest among equals, since a person
 * corrects themselves; without one, the most confident machine value, the earliest among equals.
 */
export function pickCurrent<T extends RankedCandidate>(candidates: readonly T[]): T | undefined {
  let best: T | undefined
  for (const candidate of candidates) {
    if (!best) {
      best = candidate
      continue
    }
    const rank = sourcePrecedence(candidate.source)
    const bestRank = sourcePrecedence(best.source)
    if (rank > bestRank) best = candidate
    else if (rank === bestRank && (rank > 0 || candidate.confidence > best.confidence)) best = candidate
  }
  return best
}

/**
 * The fixed list of source codes §3 quotes verbatim. Its purpose is not given (likely the
 * human-labelled or machine-learning sources); several codes (58, 59, 78, ...) have no name.
 */
export const FIXED_SOURCE_CODES = [8, 18, 9, 19, 22, 23, 25, 26, 28, 29, 58, 59, 78, 79, 88, 89, 92, 93] as const

/** One code of FIXED_SOURCE_CODES. */
export type FixedSourceCode = (typeof FIXED_SOURCE_CODES)[number]

/** True when `code` is in the fixed list of source codes. */
export function isFixedSourceCode(code: number): code is FixedSourceCode {
  return (FIXED_SOURCE_CODES as readonly number[]).includes(code)
}

/** Where a value came from, as the screens say it in words (`documents:screen.fields.from.<origin>`). */
export const SourceOrigin = {
  einvoice: 'einvoice',
  page: 'page',
  scan: 'scan',
  learned: 'learned',
  derived: 'derived',
  entered: 'entered',
  confirmed: 'confirmed',
  booked: 'booked',
  unknown: 'unknown',
} as const

/** One origin of a value. */
export type SourceOrigin = (typeof SourceOrigin)[keyof typeof SourceOrigin]

/**
 * The origin of a data-source code in words people know (SPEC §1: internal names are not shown): read from the
 * e-invoice, from the page's text, from a scan, where the supplier's earlier invoices had it, worked out from other
 * values, or entered, confirmed or booked by a person.
 */
export function sourceOrigin(code: number): SourceOrigin {
  const name = dataSourceName(code)
  if (!name) return SourceOrigin.unknown
  if (name === 'E_Invoice_XML') return SourceOrigin.einvoice
  if (name === 'PDF_Parse') return SourceOrigin.page
  if (name === 'Human_Booking') return SourceOrigin.booked
  if (name === 'Human_Confirmation') return SourceOrigin.confirmed
  if (name.startsWith('Human_Labeling')) return SourceOrigin.entered
  if (name.startsWith('Machine_Learning')) return SourceOrigin.learned
  if (name === 'Aggregator') return SourceOrigin.derived
  return SourceOrigin.scan
}
