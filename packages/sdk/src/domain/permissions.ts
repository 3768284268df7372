/** Permission codes of §6, as held in the user's permissions_array. */
export const Permission = {
  acc: 'acc',
  adm: 'adm',
  app: 'app',
  ban: 'ban',
  cor: 'cor',
  ded: 'ded',
  doc: 'doc',
  dpv: 'dpv',
  exp: 'exp',
  kca: 'kca',
  lab: 'lab',
  lar: 'lar',
  ove: 'ove',
  pay: 'pay',
  pdf: 'pdf',
  rep: 'rep',
  wka: 'wka',
  wks: 'wks',
  wed: 'wed',
  wad: 'wad',
} as const

/** One permission code. */
export type Permission = (typeof Permission)[keyof typeof Permission]

/** Every permission code, in the order of §6. */
export const PERMISSIONS: readonly Permission[] = Object.values(Permission)

/** True when `value` is a known permission code (e.g. from a token or a CLI flag). */
export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value)
}

/** i18n key (namespace domain) of a permission's meaning, in en and de. */
export function permissionMeaningKey(permission: Permission): `domain:permission.${Permission}` {
  return `domain:permission.${permission}`
}

/** True when the permission list holds `permission`. */
export function hasPermission(permissions: readonly string[] | undefined, permission: Permission): boolean {
  return permissions?.includes(permission) ?? false
}

/** True when the permission list holds at least one of `wanted` (e.g. banking: adm or ban). */
export function hasAnyPermission(permissions: readonly string[] | undefined, wanted: readonly Permission[]): boolean {
  return wanted.some((permission) => hasPermission(permissions, permission))
}

/**
 * Permissions only the firm's own people hold: the overview of all companies, labeling, booking, marking exported,
 * administration, user administration and the office wiki. A user with none of them (and no access to every company)
 * is a client company's employee, never a responsible staff member of the firm (FON's zustMa).
 */
export const FIRM_STAFF_PERMISSIONS: readonly Permission[] = [
  Permission.ove,
  Permission.lab,
  Permission.acc,
  Permission.exp,
  Permission.adm,
  Permission.kca,
  Permission.wka,
  Permission.wks,
]

/** True for one of the firm's people: access to every company, or a permission of FIRM_STAFF_PERMISSIONS. */
export function isFirmStaff(user: { permissions: readonly string[]; clientAccess: string }): boolean {
  return user.clientAccess === 'all' || hasAnyPermission(user.permissions, FIRM_STAFF_PERMISSIONS)
}
