/** Where a document's processing stands (the Documents screen's status column). */
export const ProcessingState = {
  queued: 'queued',
  processing: 'processing',
  done: 'done',
  failed: 'failed',
} as const

/** One processing state. */
export type ProcessingState = (typeof ProcessingState)[keyof typeof ProcessingState]

/** Every processing state, in the order a document passes them. */
export const PROCESSING_STATES = [
  ProcessingState.queued,
  ProcessingState.processing,
  ProcessingState.done,
  ProcessingState.failed,
] as const

/** True once processing has ended, well or not: no more change comes without a retry. */
export function isProcessingFinished(state: string): boolean {
  return state === ProcessingState.done || state === ProcessingState.failed
}
