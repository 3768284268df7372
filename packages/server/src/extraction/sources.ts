import { DataSource } from '@portal/sdk/domain'

// Shorthands for the data-source codes of SPEC §3 (owned by the SDK domain) the extractors record.

/** Text read from the PDF's own text layer. */
export const SOURCE_PDF_PARSE = DataSource.PDF_Parse
/** Text recognised by OCR from a rendered page or image. */
export const SOURCE_OCR = DataSource.OCR
/** Value entered by a person labelling the document. */
export const SOURCE_HUMAN_LABELING = DataSource.Human_Labeling
/** Value proposed by a learned model (here: the per-supplier memory). */
export const SOURCE_MACHINE_LEARNING = DataSource.Machine_Learning
/** Value chosen by the aggregator from all candidates. */
export const SOURCE_AGGREGATOR = DataSource.Aggregator
/** Value confirmed by a person. */
export const SOURCE_HUMAN_CONFIRMATION = DataSource.Human_Confirmation
/** Value read exactly from a structured e-invoice (UBL, CII, ebInterface; standalone or embedded in a PDF). */
export const SOURCE_EINVOICE_XML = DataSource.E_Invoice_XML
