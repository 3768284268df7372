import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { rm, writeFile } from 'node:fs/promises'
import { setPriority, tmpdir } from 'node:os'
import { join } from 'node:path'
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

/** A native tesseract process started for one page, waiting for the page on stdin. */
export interface NativeReading {
  /** Hands the page over (PGM) and answers its words. */
  read(image: Uint8Array): Promise<OcrPage>
  /** Ends the process without a page (the page could not be prepared). */
  cancel(): void
}

// Pages are handed to tesseract as files: it reads an image on stdin byte by byte (0.1 s of CPU for a 300 dpi
// page), a file at once. Each file has a name nobody can guess, is created exclusively (never through a link
// planted in the temporary folder), is readable by this user only and is removed when its page is read.
function pageFile(): string {
  return join(tmpdir(), `portal-ocr-page-${randomUUID()}.pgm`)
}

// Reading a scan batch is background work: on a busy machine the server's own thread, which answers every user,
// gets the cores first (without this it went without CPU for over 200 ms while a batch was read).
const OCR_NICENESS = 10

function lowerPriority(pid: number | undefined): void {
  if (pid === undefined) return
  try {
    setPriority(pid, OCR_NICENESS)
  } catch {
    // The process may have ended already, or the system may not allow it; it then runs at normal priority.
  }
}

/**
 * Starts a native tesseract process for one page: it loads its models (about 0.13 s) while the caller still
 * prepares the page. Its input is stdin, which it takes for a list of image files when it holds no image: the
 * page is written to a file and the file's name sent. Word boxes come back as TSV on stdout. One process a page,
 * so a crashed page never takes others with it. OMP_THREAD_LIMIT=1: parallelism comes from running several
 * processes, and tesseract's own threads only fight them for the cores.
 */
export function startNative(dpi: number): NativeReading {
  const args = ['stdin', 'stdout', ...nativeArguments(dpi)]
  const child = spawn(NATIVE_TESSERACT, args, { env: { ...process.env, OMP_THREAD_LIMIT: '1' }, stdio: ['pipe', 'pipe', 'pipe'] })
  lowerPriority(child.pid)
  const out: Buffer[] = []
  const err: Buffer[] = []
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
  child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
  // A process that died before reading stdin reports through 'close'; the write error itself says nothing more.
  child.stdin.on('error', () => undefined)
  const done = new Promise<OcrPage>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0) resolve(parseTesseractTsv(Buffer.concat(out).toString('utf8')))
      else reject(new Error(`tesseract stopped with exit code ${code}: ${Buffer.concat(err).toString('utf8').trim().slice(0, 300)}`))
    })
  })
  // Until read() is called nobody awaits the outcome; a process that fails to start must not be an unhandled rejection.
  done.catch(() => undefined)
  return {
    async read(image) {
      const file = pageFile()
      try {
        await writeFile(file, image, { flag: 'wx', mode: 0o600 })
        child.stdin.end(`${file}\n`)
        return await done
      } catch (error) {
        child.kill('SIGKILL')
        throw error
      } finally {
        await rm(file, { force: true })
      }
    },
    cancel() {
      child.kill('SIGKILL')
    },
  }
}

/** Reads one image with a native tesseract process (see `startNative`). */
export function recognizeNative(image: Uint8Array, dpi: number): Promise<OcrPage> {
  return startNative(dpi).read(image)
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
