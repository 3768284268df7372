import type { UserBulkData } from '@portal/sdk/services'

/** One row of a change list, as user-bulk takes it. */
export type BulkChange = UserBulkData['changes'][number]

/** What the bulk dialog adds, removes or sets for every selected user. */
export interface BulkChoice {
  addPermissions: string[]
  removePermissions: string[]
  addClients: number[]
  removeClients: number[]
  enabled: 'keep' | 'enable' | 'disable'
}

/** Nothing chosen yet. */
export const EMPTY_BULK_CHOICE: BulkChoice = { addPermissions: [], removePermissions: [], addClients: [], removeClients: [], enabled: 'keep' }

/** True when the choice would change nothing at all. */
export function isEmptyChoice(choice: BulkChoice): boolean {
  return (
    choice.enabled === 'keep' &&
    [choice.addPermissions, choice.removePermissions, choice.addClients, choice.removeClients].every((list) => list.length === 0)
  )
}

/**
 * The change list user-bulk previews and applies: one row per selected user (by e-mail) with the same additions and
 * removals. The server plans it with the SDK's `planUserChanges`, so the preview is exactly what gets written.
 */
export function bulkChanges(emails: readonly string[], choice: BulkChoice): BulkChange[] {
  return emails.map((email) => {
    const change: BulkChange = { email }
    if (choice.addPermissions.length > 0) change.addPermissions = [...choice.addPermissions]
    if (choice.removePermissions.length > 0) change.removePermissions = [...choice.removePermissions]
    if (choice.addClients.length > 0) change.addClients = [...choice.addClients]
    if (choice.removeClients.length > 0) change.removeClients = [...choice.removeClients]
    if (choice.enabled !== 'keep') change.enabled = choice.enabled === 'enable'
    return change
  })
}
