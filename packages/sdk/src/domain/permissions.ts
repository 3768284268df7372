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
