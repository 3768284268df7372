import type { Message, Translate } from './types'

/** The text of a message (`{ key, params }`) in the language of `t`. */
export function translateMessage(t: Translate, message: Message): string {
  return t(message.key, message.params ?? {})
}

// A value no catalogue holds, to tell a missing key from a translated one.
const MISSING = '\u0000missing\u0000'

/** The text of `key` in the language of `t`, or undefined when no catalogue has it. */
export function translateIfKnown(t: Translate, key: string, params?: Readonly<Record<string, unknown>>): string | undefined {
  const text = t(key, { ...params, defaultValue: MISSING })
  return text === MISSING ? undefined : text
}
