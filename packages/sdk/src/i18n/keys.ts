import type { NAMESPACES, Namespace } from './resources'
import type { LeafKeys } from './types'

/** A fully qualified key of a namespace, e.g. `validation:vatId.empty` (checked at compile time). */
export type I18nKey = { [N in Namespace]: `${N}:${LeafKeys<(typeof NAMESPACES)[N]['en']>}` }[Namespace]

/** Identity helper that type-checks a key where a plain string would lose the check. */
export function i18nKey<K extends I18nKey>(key: K): K {
  return key
}
