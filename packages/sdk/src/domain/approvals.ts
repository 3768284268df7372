import { toCents } from './booking'

/** What a person does with an incoming invoice: approve it for payment, reject it with a reason, or ask a question. */
export const APPROVAL_ACTIONS = ['approve', 'reject', 'question'] as const

/** One approval action. */
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number]

/**
 * Where an incoming invoice stands: nothing done yet (`open`), one of two approvals given (`partly`, four eyes),
 * `approved`, `rejected`, or a question waiting for an answer (`questioned`).
 */
export const APPROVAL_STATES = ['open', 'partly', 'approved', 'rejected', 'questioned'] as const

/** One approval state. */
export type ApprovalState = (typeof APPROVAL_STATES)[number]

/** One step as the state logic needs it, oldest first. */
export interface ApprovalStepLike {
  action: ApprovalAction
  /** Whose approval the step counts as: the person absent when taken on their behalf, else the person. */
  counts_for: string | null
}

/** How many different people must approve an invoice of `gross` under a company's limit (null: one always suffices). */
export function approvalsNeeded(gross: string | number, singleLimit: string | null): 1 | 2 {
  if (singleLimit === null) return 1
  const grossCents = typeof gross === 'number' ? Math.round(gross * 100) : (toCents(gross) ?? 0)
  return grossCents > (toCents(singleLimit) ?? 0) ? 2 : 1
}

/**
 * The state of an invoice from its steps: a rejection or a question after the last approvals holds; approvals count
 * only after the last rejection, each person once, and `needed` different people approve it.
 */
export function approvalState(steps: readonly ApprovalStepLike[], needed: 1 | 2): { state: ApprovalState; approvers: string[] } {
  let approvers: string[] = []
  let state: ApprovalState = 'open'
  for (const step of steps) {
    if (step.action === 'reject') {
      approvers = []
      state = 'rejected'
    } else if (step.action === 'question') {
      if (state !== 'approved') state = 'questioned'
    } else {
      const who = step.counts_for ?? '?'
      if (!approvers.includes(who)) approvers = [...approvers, who]
      state = approvers.length >= needed ? 'approved' : 'partly'
    }
  }
  return { state, approvers }
}

/** Why one person may not approve now: they already approved (four eyes needs another person), or it is done. Rejecting and asking stay open. */
export function approvalRefusal(
  steps: readonly ApprovalStepLike[],
  needed: 1 | 2,
  action: ApprovalAction,
  countsFor: string,
): 'alreadyApproved' | 'sameApprover' | undefined {
  const { state, approvers } = approvalState(steps, needed)
  if (action !== 'approve') return undefined
  if (state === 'approved') return 'alreadyApproved'
  if (approvers.includes(countsFor)) return 'sameApprover'
  return undefined
}
