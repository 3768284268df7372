import { styleText } from 'node:util'
import type { Writable } from 'node:stream'

/** A stream the static renderers write to: its width and whether it is a terminal decide the layout and colours. */
export type TextStream = Writable & { columns?: number; isTTY?: boolean }

type Format = 'bold' | 'dim' | 'red'

/**
 * Text in a terminal style when the stream is a terminal (and NO_COLOR is unset); plain otherwise, so pipes and files
 * get no escape codes. Plain text and node:util only: a table must not load React and Ink (issue 38).
 */
export function styled(stream: TextStream, format: Format, text: string): string {
  if (!stream.isTTY || process.env.NO_COLOR) return text
  return styleText(format, text)
}
