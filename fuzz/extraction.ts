import type { DocumentRecord, Page } from '../packages/sdk/src/services/index'
import { internalsIn } from './answers'
import type { FuzzContext } from './case'
import { emitCall } from './sockets'
import type { CategoryCounts, Failure } from './tally'

const CATEGORY = 'extraction (stored inputs)'

async function findDocuments(context: FuzzContext, query: Record<string, unknown>): Promise<Page<Partial<DocumentRecord>>> {
  const answer = await emitCall(await context.sockets.socket('admin'), 'find', ['documents', { client_no: context.companyNo, ...query }], AbortSignal.timeout(30_000))
  if (answer.status !== 200) throw new Error(`documents.find answered ${answer.status}: ${answer.body.slice(0, 200)}`)
  return JSON.parse(answer.body) as Page<Partial<DocumentRecord>>
}

/** Waits until no document of the fuzz company is queued or processing; false when time ran out. */
export async function waitForQueue(context: FuzzContext, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    let open = 0
    try {
      for (const state of ['queued', 'processing']) open += (await findDocuments(context, { processing_state: state, $limit: 0 })).total
    } catch (error) {
      // A refusal will not go away by waiting; a timeout (the server busy) may.
      if (/answered 4\d\d/.test(String(error))) throw error
      open = -1
    }
    if (open === 0) return true
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
}

/** What became of the documents the fuzz inputs stored. */
export interface ExtractionCheck {
  counts: Partial<CategoryCounts>
  failures: Failure[]
  /** Distinct processing errors users see on failed documents, with how often. */
  errors: Map<string, number>
}

/**
 * Reads every stored document back as a user's list shows it: each must have reached a final state, and no
 * processing error (shown on the Documents screen) may carry internals.
 */
export async function checkExtraction(context: FuzzContext): Promise<ExtractionCheck> {
  const page = await findDocuments(context, { $limit: 10_000, $select: ['id', 'processing_state', 'processing_error', 'file_name'] })
  const counts: Partial<CategoryCounts> = { inputs: 0, '2xx': 0, '4xx': 0, hangs: 0, internals: 0, wrong: 0 }
  const failures: Failure[] = []
  const errors = new Map<string, number>()
  for (const document of page.data) {
    const input = context.stored.get(document.id!)
    if (input === undefined) continue
    counts.inputs!++
    const fail = (kind: Failure['kind'], detail: string) =>
      failures.push({ category: CATEGORY, index: document.id!, description: `document ${document.id} from ${input}`, kind, status: document.processing_state!, detail, answer: JSON.stringify(document).slice(0, 200) })
    if (document.processing_state === 'done') counts['2xx']!++
    else if (document.processing_state === 'failed') counts['4xx']!++
    else {
      counts.hangs!++
      fail('hang', `still ${document.processing_state} after the queue wait`)
    }
    if (document.processing_error) {
      errors.set(document.processing_error, (errors.get(document.processing_error) ?? 0) + 1)
      // The Documents screen translates a key; anything else would be shown in the engine's own words.
      if (!/^[a-z]+:[\w.]+$/.test(document.processing_error)) {
        counts.wrong!++
        fail('wrong', 'the reason shown is not a text key (people would read the engine’s own words)')
      }
    }
    const internals = internalsIn(JSON.stringify(document))
    if (internals) {
      counts.internals!++
      fail('internals', `the document's processing error shows a ${internals}`)
    }
  }
  return { counts, failures, errors }
}
