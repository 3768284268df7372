import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { gunzipSync } from 'node:zlib'

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

/** A short name for the models' current content, so a folder of copies is remade when the packages change. */
function modelsKey(): string {
  const files = OCR_LANGUAGES.map(modelFile)
  return createHash('sha256')
    .update(files.map((path) => `${path}:${statSync(path).size}:${statSync(path).mtimeMs}`).join('|'))
    .digest('hex')
    .slice(0, 16)
}

/** Writes a file so that another process never reads half of it: to a partial name first, then renamed. */
function writeWhole(target: string, write: (partial: string) => void): void {
  if (existsSync(target)) return
  const partial = `${target}.${process.pid}.partial`
  write(partial)
  renameSync(partial, target)
}

/**
 * A folder holding every language's model, for tesseract.js's single `langPath`. The packages keep each
 * language in its own folder, so the models are copied once into a folder named after their content;
 * nothing is ever fetched from the network.
 */
export function languageFolder(): string {
  const folder = join(tmpdir(), `portal-tessdata-${modelsKey()}`)
  mkdirSync(folder, { recursive: true })
  for (const language of OCR_LANGUAGES) {
    writeWhole(join(folder, `${language}.traineddata.gz`), (partial) => copyFileSync(modelFile(language), partial))
  }
  return folder
}

const MODEL_LICENCE = `The *.traineddata files here are unpacked, unchanged, from the npm packages @tesseract.js-data/deu and
@tesseract.js-data/eng (folder ${MODEL_FOLDER}), which carry the integer "best" LSTM models of
https://github.com/tesseract-ocr/tessdata_best (Copyright Google and the Tesseract contributors).
They are licensed under the Apache License, Version 2.0: https://www.apache.org/licenses/LICENSE-2.0
`

/**
 * The same models for the native tesseract (`--tessdata-dir`): unpacked once from the npm packages into a folder
 * named after their content, with their licence beside them. Both engines thus read with the same "best" models;
 * Debian's language packages carry only the "fast" ones, which misread more scans.
 */
let nativeFolder: string | undefined

export function nativeModelFolder(): string {
  if (nativeFolder && existsSync(nativeFolder)) return nativeFolder
  const folder = join(tmpdir(), `portal-tessdata-native-${modelsKey()}`)
  mkdirSync(folder, { recursive: true })
  for (const language of OCR_LANGUAGES) {
    writeWhole(join(folder, `${language}.traineddata`), (partial) => writeFileSync(partial, gunzipSync(readFileSync(modelFile(language)))))
  }
  writeWhole(join(folder, 'LICENSE-models.txt'), (partial) => writeFileSync(partial, MODEL_LICENCE))
  nativeFolder = folder
  return folder
}
