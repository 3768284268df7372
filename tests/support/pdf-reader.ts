import { openPdf } from '../../packages/server/src/extraction/text/pdf-document'
import { readPdfText } from '../../packages/server/src/extraction/text/pdf-text'

/** The text of a PDF as a PDF reader (pdfjs) finds it, one line per visual line; throws when the file cannot be opened. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const opened = await openPdf(bytes)
  if (!opened.ok) throw new Error(`not a readable PDF: ${opened.message}`)
  const pages = await readPdfText(opened.pdf)
  await opened.pdf.destroy()
  return pages.flatMap((page) => page.lines.map((line) => line.text)).join('\n')
}
