import type { Application } from '../declarations'
import { documentStore } from '../documents/runtime'

/** The parts /readyz asks, in the order it names them. */
export const READY_PARTS = ['database', 'documentStore', 'jobQueue'] as const

/** One part of the portal the readiness probe asks. */
export type ReadyPart = (typeof READY_PARTS)[number]

/** What /readyz answers: ready when every part answered; the parts that did not, by name. */
export interface Readiness {
  ready: boolean
  checks: Record<ReadyPart, 'ok' | 'failing'>
  failing: ReadyPart[]
}

/** A part that takes longer than this to answer counts as failing (a load balancer should not wait on it). */
const TIMEOUT_MS = 3000

function withinTimeout(work: Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), TIMEOUT_MS)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

/**
 * Asks the database (a trivial query), the document store (its folder or bucket answers) and the job queue (its ready
 * jobs can be read, on the index the workers claim by), side by side. Why a part failed goes to the log at `warn`,
 * never into the answer (it may hold host names or paths).
 */
export async function checkReadiness(app: Application): Promise<Readiness> {
  const knex = app.get('knex')
  const probes: Record<ReadyPart, () => Promise<unknown>> = {
    database: () => knex.raw('select 1'),
    documentStore: () => documentStore(app).ready(),
    jobQueue: () => knex('jobs').where('state', 'queued').orderBy(['run_at', 'id']).first('id'),
  }
  const results = await Promise.allSettled(READY_PARTS.map((part) => withinTimeout(probes[part]())))
  const checks = {} as Readiness['checks']
  const failing: ReadyPart[] = []
  results.forEach((result, i) => {
    const part = READY_PARTS[i]
    checks[part] = result.status === 'fulfilled' ? 'ok' : 'failing'
    if (result.status === 'rejected') {
      failing.push(part)
      app.get('logger').warn({ part, err: result.reason }, 'readiness: part not answering')
    }
  })
  return { ready: failing.length === 0, checks, failing }
}
