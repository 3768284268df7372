import type { Translate } from './i18n'

// commander words its usage errors in English; these patterns give them our catalogue's words.
const PATTERNS: [RegExp, string, string[]][] = [
  [/^error: unknown command '([^']*)'/, 'usage.unknownCommand', ['command']],
  [/^error: unknown option '([^']*)'/, 'usage.unknownOption', ['option']],
  [/^error: missing required argument '([^']*)'/, 'usage.missingArgument', ['argument']],
  [/^error: required option '([^']*)' not specified/, 'usage.missingOption', ['option']],
  [/^error: option '([^']*)' argument missing/, 'usage.optionValueMissing', ['option']],
  [/^error: option '([^']*)' argument '([^']*)' is invalid\. Allowed choices are (.*)\.$/m, 'usage.invalidChoice', ['option', 'value', 'choices']],
  [/^error: option '([^']*)' argument '([^']*)' is invalid\. (.*)$/m, 'usage.invalidValue', ['option', 'value', 'reason']],
  [/^error: too many arguments(?: for '([^']*)')?/, 'usage.tooManyArguments', ['command']],
]

/** commander's usage error in the user's language (unknown wording stays as commander wrote it). */
export function translateUsageError(text: string, t: Translate): string {
  for (const [pattern, key, names] of PATTERNS) {
    const match = pattern.exec(text)
    if (!match) continue
    const params = Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? '']))
    // Keep commander's suggestion ("Did you mean …?") as a hint, with the command in it.
    const suggestion = /\(Did you mean ([^?]+)\?\)/.exec(text)
    const hint = suggestion ? `\n${t('usage.didYouMean', { suggestion: suggestion[1].replace(/^one of /, '') })}` : ''
    return `${t(key, params)}${hint}\n${t('usage.help')}\n`
  }
  return text
}
