import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, renameSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

/** Languages the OCR reads, German first: most invoices the firm receives are German. */
export const OCR_LANGUAGES = ['deu', 'eng'] as const

// The integer-quantised "best" LSTM models: the only LSTM-only models the packages ship.
const MODEL_FOLDER = '4.0.0_best_int'

const require = createRequire(import.meta.url)

/** The gzipped model of one language inside its npm package. */
export function modelFile(language: string): string {
  const root = dirname(require.resolve(`@tesseract.js-data/${language}/package.json`))
  return join(root, MODEL_FOLDER, `${language}.traineddata.gz`)
}

/**
 * A folder holding every language's model, for tesseract.js's single `langPath`. The packages keep each
 * language in its own folder, so the models are copied once into a folder named after their content;
 * nothing is ever fetched from the network.
 */
export function languageFolder(): string {
  const files = OCR_LANGUAGES.map((language) => ({ language, path: modelFile(language) }))
  const key = createHash('sha256')
    .update(files.map((file) => `${file.path}:${statSync(file.path).size}:${statSync(file.path).mtimeMs}`).join('|'))
    .digest('hex')
    .slice(0, 16)
  const folder = join(tmpdir(), `portal-tessdata-${key}`)
  mkdirSync(folder, { recursive: true })
  for (const file of files) {
    const target = join(folder, `${file.language}.traineddata.gz`)
    if (existsSync(target)) continue
    // Copy then rename, so a second process never reads half a file.
    const partial = `${target}.${process.pid}.partial`
    copyFileSync(file.path, partial)
    renameSync(partial, target)
  }
  return folder
}
