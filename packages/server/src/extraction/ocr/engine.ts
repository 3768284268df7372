import { execFile, execFileSync } from 'node:child_process'
import { promisify } from 'node:util'
import { nativeModelFolder, OCR_LANGUAGES } from './languages'
import { NATIVE_TESSERACT } from './native'

/** What OCR_ENGINE asks for: the native tesseract, tesseract.js (WebAssembly), or the native one where installed. */
export const OCR_ENGINE_CHOICES = ['auto', 'native', 'wasm'] as const
export type OcrEngineChoice = (typeof OCR_ENGINE_CHOICES)[number]

/** The engine that actually reads pages. */
export type OcrEngine = 'native' | 'wasm'

/** What was found of the native engine: its version, or why it cannot be used. */
export type NativeProbe = { ok: true; version: string } | { ok: false; reason: string }

const probeOptions = (env: NodeJS.ProcessEnv) => ({ env, encoding: 'utf8' as const, timeout: 10_000 })
const versionArguments = ['--version']
const languageArguments = () => ['--tessdata-dir', nativeModelFolder(), '--list-langs']

/** What the two runs of tesseract said: its version line, and whether it finds every language the OCR reads. */
function probeResult(versionOutput: string, languageOutput: string): NativeProbe {
  const version = versionOutput.split('\n')[0].trim()
  const languages = languageOutput.split('\n').map((line) => line.trim())
  const missing = OCR_LANGUAGES.filter((language) => !languages.includes(language))
  if (missing.length > 0) return { ok: false, reason: `${version} does not find the language models ${missing.join(', ')} in ${nativeModelFolder()}` }
  return { ok: true, version }
}

function probeFailure(error: unknown): NativeProbe {
  const code = (error as NodeJS.ErrnoException).code
  return { ok: false, reason: code === 'ENOENT' ? `${NATIVE_TESSERACT} is not on PATH` : `${NATIVE_TESSERACT} did not run: ${(error as Error).message}` }
}

/**
 * Looks for the native tesseract on PATH (Debian: tesseract-ocr) and checks it finds every language the OCR
 * reads among the models unpacked from npm (`nativeModelFolder`; Debian's language packages are not used).
 * Runs it twice, briefly; the server's start uses `probeNativeTesseractAsync`, which does not block.
 */
export function probeNativeTesseract(env: NodeJS.ProcessEnv = process.env): NativeProbe {
  try {
    const options = { ...probeOptions(env), stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'] }
    return probeResult(execFileSync(NATIVE_TESSERACT, versionArguments, options), execFileSync(NATIVE_TESSERACT, languageArguments(), options))
  } catch (error) {
    return probeFailure(error)
  }
}

/** `probeNativeTesseract` as child processes the event loop does not wait for. */
export async function probeNativeTesseractAsync(env: NodeJS.ProcessEnv = process.env): Promise<NativeProbe> {
  const run = promisify(execFile)
  try {
    const [version, languages] = await Promise.all([run(NATIVE_TESSERACT, versionArguments, probeOptions(env)), run(NATIVE_TESSERACT, languageArguments(), probeOptions(env))])
    return probeResult(version.stdout, languages.stdout)
  } catch (error) {
    return probeFailure(error)
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
  return choice === 'wasm' ? WASM : decide(choice, probe())
}

/** `chooseOcrEngine` for the server's start: the probe runs while the rest of the start goes on. */
export async function decideOcrEngine(choice: OcrEngineChoice, probe: () => Promise<NativeProbe> = probeNativeTesseractAsync): Promise<EngineDecision> {
  return choice === 'wasm' ? WASM : decide(choice, await probe())
}

const WASM: EngineDecision = { engine: 'wasm', description: 'tesseract.js (WebAssembly)' }

function decide(choice: Exclude<OcrEngineChoice, 'wasm'>, found: NativeProbe): EngineDecision {
  if (found.ok) return { engine: 'native', description: `${found.version} (native)` }
  if (choice === 'native') throw new Error(`OCR_ENGINE=native but the native engine cannot be used: ${found.reason}`)
  return { ...WASM, fallbackReason: found.reason }
}
