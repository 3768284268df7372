import type { Message } from '../i18n/types'
import { maxLength, notEmpty, number } from '../validators/generic'
import { validate } from '../validators/result'

/** The FON user form (SPEC §5): the firm's FinanzOnline web-service user for the imports. */
export interface FonUserFields {
  /** Teilnehmer-Identifikation: must not be empty and must be a number. */
  participantId: string
  /** Benutzer-Identifikation: must not be empty. */
  userId: string
}

/** Field → what is wrong with it; empty when the form may be saved. Web, CLI and server use this one copy. */
export function validateFonUser(fields: FonUserFields): Partial<Record<keyof FonUserFields, Message>> {
  const problems: Partial<Record<keyof FonUserFields, Message>> = {}
  const participant = validate(fields.participantId, [notEmpty, number])
  if (participant) problems.participantId = participant
  const user = notEmpty(fields.userId)
  if (user) problems.userId = user
  return problems
}

/** The longest remark a resolution keeps. */
export const MAX_REMARK_LENGTH = 2000

/** What is wrong with a resolution's remark (required: who resolves says why), or null. */
export function validateRemark(remark: string | undefined | null): Message | null {
  return validate((remark ?? '').trim(), [notEmpty, maxLength(MAX_REMARK_LENGTH)])
}
