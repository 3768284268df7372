import { execFileSync } from 'node:child_process'
import { nativeModelFolder, OCR_LANGUAGES } from './languages'
import { NATIVE_TESSERACT } from './native'

/** What OCR_ENGINE asks for: the native tesseract, tesseract.js (WebAssembly), or the native one where installed. */
export const OCR_ENGINE_CHOICES = ['auto', 'native', 'wasm'] as const
export type OcrEngineChoice = (typeof OCR_ENGINE_CHOICES)[number]

/** The engine that actually reads pages. */
export type OcrEngine = 'native' | 'wasm'

/** What was found of the native engine: its version, or why it cannot be used. */
export type NativeProbe = { ok: true; version: string } | { ok: false; reason: string }

/**
 * Looks for the native tesseract on PATH (Debian: tesseract-ocr) and checks it finds every language the OCR
 * reads among the models unpacked from npm (`nativeModelFolder`; Debian's language packages are not used).
 * Runs it twice, briefly, once per process start.
 */
export function probeNativeTesseract(env: NodeJS.ProcessEnv = process.env): NativeProbe {
  try {
    const options = { env, encoding: 'utf8' as const, timeout: 10_000, stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'] }
    const version = execFileSync(NATIVE_TESSERACT, ['--version'], options).split('\n')[0].trim()
    const folder = nativeModelFolder()
    const languages = execFileSync(NATIVE_TESSERACT, ['--tessdata-dir', folder, '--list-langs'], options).split('\n').map((line) => line.trim())
    const missing = OCR_LANGUAGES.filter((language) => !languages.includes(language))
    if (missing.length > 0) return { ok: false, reason: `${version} does not find the language models ${missing.join(', ')} in ${folder}` }
    return { ok: true, version }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return { ok: false, reason: code === 'ENOENT' ? `${NATIVE_TESSERACT} is not on PATH` : `${NATIVE_TESSERACT} did not run: ${(error as Error).message}` }
  }
}

/** The engine chosen and what is shown to operators (log line, /app-info). */
export interface EngineDecision {
  engine: OcrEngine
  /** e.g. "tesseract 5.3.0 (native)" or "tesseract.js 6 (WebAssembly)". */
  description: string
  /** Why auto fell back to tesseract.js, when it did. */
  fallbackReason?: string
}

/**
 * Decides which engine reads pages: `native` insists on the native tesseract (a clear error when it is
 * missing), `wasm` always takes tesseract.js, `auto` takes the native one where installed and falls back.
 */
export function chooseOcrEngine(choice: OcrEngineChoice, probe: () => NativeProbe = probeNativeTesseract): EngineDecision {
  const wasm = { engine: 'wasm' as const, description: 'tesseract.js (WebAssembly)' }
  if (choice === 'wasm') return wasm
  const found = probe()
  if (found.ok) return { engine: 'native', description: `${found.version} (native)` }
  if (choice === 'native') throw new Error(`OCR_ENGINE=native but the native engine cannot be used: ${found.reason}`)
  return { ...wasm, fallbackReason: found.reason }
}
