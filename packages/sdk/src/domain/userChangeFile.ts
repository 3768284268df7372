import type { Message } from '../i18n/types'
import { isPermission } from './permissions'
import type { UserChange } from './userChanges'

/**
 * The bulk-change file of `portal users apply` (and any upload of one): the columns, and turning its rows (CSV
 * cells or JSON values) into changes, with each bad cell named by its row and rule. Lists are written separated by
 * spaces, semicolons or commas: `doc rep`, `1001;1002`.
 */

/** The columns of a bulk-change file, as documented in docs/users.md. */
export const USER_CHANGE_COLUMNS = {
  email: 'email',
  add_permissions: 'addPermissions',
  remove_permissions: 'removePermissions',
  add_clients: 'addClients',
  remove_clients: 'removeClients',
  enabled: 'enabled',
  all_clients: 'allClients',
  exclude_clients: 'excludeClients',
} as const satisfies Record<string, keyof UserChange>

/** A column name of the file. */
export type UserChangeColumn = keyof typeof USER_CHANGE_COLUMNS

/** The largest bulk-change file accepted (a firm's users fit many times over). */
export const MAX_USER_CHANGE_FILE_BYTES = 5 * 1024 * 1024

/** A refused cell: where it is (the file's line, 1-based, or the JSON entry's number), which column, which rule. */
export interface FileRowError {
  line: number
  email: string
  field: string
  message: Message
}

/** One row as read: its line in the file and its cells by column (CSV text, or JSON values). */
export interface FileRow {
  line: number
  cells: Readonly<Record<string, unknown>>
}

const TRUE = ['true', 'yes', 'ja', '1', 'y', 'j']
const FALSE = ['false', 'no', 'nein', '0', 'n']

function list(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((item) => String(item).trim()).filter(Boolean)
  if (value === undefined || value === null) return []
  return String(value)
    .split(/[\s;,]+/)
    .map((item) => item.trim())
    .filter(Boolean)
}

function blank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
}

/** Accepts a JSON entry's camelCase keys (addPermissions) as well as the file's columns (add_permissions). */
function columnOf(key: string): UserChangeColumn | undefined {
  if (key in USER_CHANGE_COLUMNS) return key as UserChangeColumn
  const found = Object.entries(USER_CHANGE_COLUMNS).find(([, field]) => field === key)
  return found?.[0] as UserChangeColumn | undefined
}

/**
 * Turns rows into changes. Every row is checked (not only up to the first bad one): unknown columns, a missing
 * e-mail, unknown permission codes, client numbers that are not whole numbers, yes/no cells that are neither.
 * Rules that need the server (unknown users or clients, self-lockout) are checked by its dry run.
 */
export function readUserChangeRows(rows: readonly FileRow[]): { changes: UserChange[]; lines: number[]; errors: FileRowError[] } {
  const changes: UserChange[] = []
  const lines: number[] = []
  const errors: FileRowError[] = []
  const allowed = Object.keys(USER_CHANGE_COLUMNS).join(', ')
  for (const { line, cells } of rows) {
    const email = blank(cells.email) ? '' : String(cells.email).trim()
    const refuse = (field: string, message: Message) => errors.push({ line, email, field, message })
    const change: { -readonly [K in keyof UserChange]: UserChange[K] } = { email }
    if (email === '') refuse('email', { key: 'validation:required' })
    for (const [key, value] of Object.entries(cells)) {
      const column = columnOf(key)
      if (!column) {
        refuse(key, { key: 'users:rule.badColumn', params: { column: key, allowed } })
        continue
      }
      if (column === 'email' || blank(value)) continue
      const field = USER_CHANGE_COLUMNS[column]
      if (field === 'enabled' || field === 'allClients') {
        const text = String(value).trim().toLowerCase()
        if (typeof value === 'boolean') change[field] = value
        else if (TRUE.includes(text)) change[field] = true
        else if (FALSE.includes(text)) change[field] = false
        else refuse(column, { key: 'users:rule.badBoolean' })
      } else if (field === 'addPermissions' || field === 'removePermissions') {
        const codes = list(value).map((code) => code.toLowerCase())
        for (const code of codes) if (!isPermission(code)) refuse(column, { key: 'users:rule.unknownPermission', params: { code } })
        change[field] = [...new Set(codes)]
      } else {
        const items = list(value)
        const bad = items.filter((item) => !/^\d{1,9}$/.test(item) || Number(item) < 1)
        if (bad.length > 0) refuse(column, { key: 'users:rule.badNumber' })
        else change[field] = [...new Set(items.map(Number))]
      }
    }
    changes.push(change)
    lines.push(line)
  }
  return { changes, lines, errors }
}
