import { spawn } from 'node:child_process'
import { nativeModelFolder, OCR_LANGUAGES } from './languages'
import type { OcrBlock, OcrBox, OcrLine, OcrPage } from './ocr-result'

/** The native tesseract's executable; found on PATH (Debian's `tesseract-ocr` puts it in /usr/bin). */
export const NATIVE_TESSERACT = 'tesseract'

/**
 * How tesseract reads a page, the same for both engines: the npm "best" models (not Debian's "fast" ones), LSTM
 * only, the page as one block of text (tesseract.js's default; columns are put together again from the word
 * boxes by the page layout), no search for white-on-black text. TSV is asked for by a variable rather than
 * the `tsv` config file, which lives in Debian's tessdata folder, not in ours.
 */
export function nativeArguments(dpi: number): string[] {
  return [
    ...['--tessdata-dir', nativeModelFolder(), '-l', OCR_LANGUAGES.join('+'), '--oem', '1', '--psm', '6', '--dpi', String(Math.round(dpi))],
    ...['-c', 'tessedit_do_invert=0', '-c', 'tessedit_create_tsv=1'],
  ]
}

/**
 * Reads one image with a native tesseract process: the PGM goes in on stdin, word boxes come back as TSV on
 * stdout. One process a page — starting one and loading the models costs about 0.1 s, little beside the
 * page itself — so a crashed page never takes others with it. OMP_THREAD_LIMIT=1: parallelism comes from
 * running several processes, and tesseract's own threads only fight them for the cores.
 */
export function recognizeNative(image: Uint8Array, dpi: number): Promise<OcrPage> {
  const args = ['stdin', 'stdout', ...nativeArguments(dpi)]
  return new Promise((resolve, reject) => {
    const child = spawn(NATIVE_TESSERACT, args, { env: { ...process.env, OMP_THREAD_LIMIT: '1' }, stdio: ['pipe', 'pipe', 'pipe'] })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0) resolve(parseTesseractTsv(Buffer.concat(out).toString('utf8')))
      else reject(new Error(`tesseract stopped with exit code ${code}: ${Buffer.concat(err).toString('utf8').trim().slice(0, 300)}`))
    })
    // A process that died before reading all of stdin reports through 'close'; the write error itself says nothing more.
    child.stdin.on('error', () => undefined)
    child.stdin.end(image)
  })
}

function box(left: number, top: number, width: number, height: number): OcrBox {
  return { x0: left, y0: top, x1: left + width, y1: top + height }
}

/**
 * Tesseract's TSV (level, page, block, paragraph, line, word, left, top, width, height, confidence, text) as the
 * blocks → paragraphs → lines → words tree the page text is made from, the same shape tesseract.js answers.
 */
export function parseTesseractTsv(tsv: string): OcrPage {
  const blocks: OcrBlock[] = []
  let block: OcrBlock | undefined
  let paragraph: OcrBlock['paragraphs'][number] | undefined
  let line: OcrLine | undefined
  for (const row of tsv.split('\n').slice(1)) {
    const cells = row.split('\t')
    if (cells.length < 12) continue
    const [level, left, top, width, height, confidence] = [cells[0], cells[6], cells[7], cells[8], cells[9], cells[10]].map(Number)
    const bbox = box(left, top, width, height)
    if (level === 2) {
      block = { paragraphs: [] }
      blocks.push(block)
    } else if (level === 3 && block) {
      paragraph = { lines: [] }
      block.paragraphs.push(paragraph)
    } else if (level === 4 && paragraph) {
      line = { bbox, words: [] }
      paragraph.lines.push(line)
    } else if (level === 5 && line) {
      line.words.push({ text: cells.slice(11).join('\t'), confidence, bbox })
    }
  }
  return { blocks }
}
