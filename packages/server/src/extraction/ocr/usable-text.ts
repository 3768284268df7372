import type { PageText } from '../text/layout'

// A page whose text layer has fewer letters and digits than this is a scan (perhaps with a stamp or a
// page number as text); OCR reads it instead.
const MIN_CHARACTERS = 20
// Text layers of broken font encodings come out as symbols and replacement characters.
const MIN_READABLE_SHARE = 0.6

/** Whether a page's text layer is worth reading, or the page needs OCR. */
export function hasUsableText(page: PageText): boolean {
  let readable = 0
  let total = 0
  for (const line of page.lines) {
    for (const char of line.text) {
      if (/\s/.test(char)) continue
      total += 1
      if (/[\p{L}\p{N}.,:;\-/%€$()]/u.test(char)) readable += 1
    }
  }
  return readable >= MIN_CHARACTERS && readable / total >= MIN_READABLE_SHARE
}
