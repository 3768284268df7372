import type { UserChange } from '@portal/sdk/domain'

/** What a permission's toggle does to the selected users: nothing, add it, or remove it (Space cycles). */
export type PermissionToggle = 'keep' | 'add' | 'remove'

/** The next state of a toggle: keep → add → remove → keep. */
export function nextToggle(toggle: PermissionToggle | undefined): PermissionToggle {
  return toggle === 'add' ? 'remove' : toggle === 'remove' ? 'keep' : 'add'
}

/** The bulk change the toggles make for the selected users (one row each), or none when nothing is toggled. */
export function changesOf(emails: readonly string[], toggles: Readonly<Record<string, PermissionToggle>>, enabled?: boolean): UserChange[] {
  const add = Object.keys(toggles).filter((code) => toggles[code] === 'add')
  const remove = Object.keys(toggles).filter((code) => toggles[code] === 'remove')
  if (add.length === 0 && remove.length === 0 && enabled === undefined) return []
  return emails.map((email) => ({
    email,
    ...(add.length > 0 ? { addPermissions: add } : {}),
    ...(remove.length > 0 ? { removePermissions: remove } : {}),
    ...(enabled === undefined ? {} : { enabled }),
  }))
}

/** Users whose e-mail or name contains the text (case-insensitive). */
export function filterUsers<U extends { email: string; firstName: string; lastName: string }>(users: readonly U[], text: string): U[] {
  const wanted = text.trim().toLowerCase()
  if (!wanted) return [...users]
  return users.filter((user) => `${user.email} ${user.firstName} ${user.lastName}`.toLowerCase().includes(wanted))
}
