/**
 * What text a field may hold. One rule for every string the portal takes (the server's guard applies it to every
 * string field of every service schema, by the kind the schema declares):
 * - `line` (the default): names, labels, numbers, search terms — no control characters at all;
 * - `multiline`: comments, remarks, reasons — line feeds and tabs, no other control character;
 * - `content`: a file's text (a bank statement, an import) — any character a file may hold.
 * No kind holds NUL (PostgreSQL cannot store it) or a lone surrogate (half of a UTF-16 pair: no character, it cannot
 * be written as UTF-8 and would be stored as U+FFFD or fail). Control characters are C0 (below U+0020), DEL and C1
 * (U+0080–U+009F): an escape sequence such as `ESC[2J` clears the terminal of whoever reads the name later.
 */
export type TextKind = 'line' | 'multiline' | 'content'

/** The kinds of text in the order a schema names them (`text: 'multiline'`). */
export const TEXT_KINDS: readonly TextKind[] = ['line', 'multiline', 'content']

/** Why a text is refused: the character it holds. */
export type TextProblem = 'nul' | 'loneSurrogate' | 'controlCharacter' | 'lineBreak'

// A surrogate not part of a pair: a high one not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/
// Control characters are what these rules are about (the lint rule guards against them by accident).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/
const LINE_BREAK = /[\n\t]/

/** The first reason `value` may not be stored as text of `kind`, or null when it may. */
export function textProblem(value: string, kind: TextKind = 'line'): TextProblem | null {
  if (value.includes('\u0000')) return 'nul'
  if (LONE_SURROGATE.test(value)) return 'loneSurrogate'
  if (kind === 'content') return null
  if (kind === 'multiline') return CONTROL_BUT_LINES.test(value) ? 'controlCharacter' : null
  if (LINE_BREAK.test(value)) return 'lineBreak'
  return CONTROL.test(value) ? 'controlCharacter' : null
}

/** `value` with each lone surrogate replaced by U+FFFD, so a refusal can quote a field name that held one. */
export function wellFormed(value: string): string {
  return value.replace(new RegExp(LONE_SURROGATE.source, 'g'), '\ufffd')
}
