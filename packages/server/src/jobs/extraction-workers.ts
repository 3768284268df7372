import { ProcessingState } from '@portal/sdk/domain'
import type { Application } from '../declarations'
import type { EngineDecision } from '../extraction/ocr/engine'
import { useOcrEngine } from '../extraction/ocr/pool'
import type { Logger } from '../logger'
import { emitDocumentEvent, isBookedRefusal, updateDocument } from '../models/documents/index'
import { extractJobHandler } from './extract-document'
import { EXTRACT_JOB, type ExtractJobPayload } from './kinds'
import { startWorkerPool, type WorkerPool } from './worker'

/**
 * The reason people see on the Documents screen: a refusal's i18n key as the engine gave it, otherwise "could not be
 * read" — never an engine's or the database's own words (those stay in the log and the job's last_error).
 */
function shownReason(error: string): string {
  return /^documents:refusal\.[A-Za-z]+$/.test(error) ? error : 'documents:refusal.unreadable'
}

/** Starts this process's extraction workers; a finally failed job marks its document failed, live (a booked one stays as it is). */
export function startExtractionWorkers(app: Application, concurrency: number): WorkerPool {
  const knex = app.get('knex')
  return startWorkerPool({
    knex,
    logger: app.get('logger'),
    lockTimeoutMs: app.get('config').jobLockTimeoutMs,
    concurrency,
    handlers: { [EXTRACT_JOB]: extractJobHandler(app) },
    onFailed: async (job, error) => {
      const { documentId } = job.payload as ExtractJobPayload
      try {
        const row = await updateDocument(knex, documentId, { processing_state: ProcessingState.failed, processing_error: shownReason(error) })
        if (row) emitDocumentEvent(app, 'patched', row)
      } catch (refusal) {
        if (!isBookedRefusal(refusal)) throw refusal
      }
    },
  })
}

/**
 * Decides the OCR engine once at start (OCR_ENGINE) and says which one runs: the native tesseract where
 * installed, else tesseract.js with the reason. OCR_ENGINE=native without the native engine stops the start.
 */
export function startOcrEngine(decision: EngineDecision, logger: Logger): void {
  useOcrEngine(decision)
  if (decision.fallbackReason) logger.warn({ ocrEngine: decision.description, reason: decision.fallbackReason }, `OCR engine: ${decision.description} (native tesseract not used: ${decision.fallbackReason})`)
  else logger.info({ ocrEngine: decision.description }, `OCR engine: ${decision.description}`)
}
