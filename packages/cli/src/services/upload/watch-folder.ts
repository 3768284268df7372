import { mkdir, readdir, rename, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { LocalFile } from './collect-files'
import { runUpload, type FileOutcome } from './run-upload'
import type { UploadTarget } from './upload-api'

/** Where watched files go after their upload. */
export const DONE_DIR = 'done'
/** Where watched files go when they were refused or failed. */
export const FAILED_DIR = 'failed'

/** Options of watchFolder. */
export interface WatchFolderOptions {
  folder: string
  target: () => Promise<UploadTarget>
  concurrency: number
  /** Stops the watch. */
  signal: AbortSignal
  /** Poll period in ms (default 2000). */
  intervalMs?: number
  /** Told about each file once it has been moved. */
  onOutcome(outcome: FileOutcome): void
}

const OK: FileOutcome['status'][] = ['uploaded', 'exists', 'skipped']

async function uniqueTarget(dir: string, name: string): Promise<string> {
  for (let n = 0; ; n++) {
    const candidate = join(dir, n === 0 ? name : name.replace(/(\.[^.]*)?$/, (ext) => ` (${n})${ext}`))
    if (!(await stat(candidate).catch(() => null))) return candidate
  }
}

/**
 * Watches a scanner's drop folder: a file whose size stayed the same over one poll is complete; it is
 * uploaded and moved to done/ or failed/. Polling rather than fs.watch, because network shares and
 * scanners writing in chunks make change events unreliable.
 */
export async function watchFolder(options: WatchFolderOptions): Promise<void> {
  const { folder, signal } = options
  const intervalMs = options.intervalMs ?? 2000
  await mkdir(join(folder, DONE_DIR), { recursive: true })
  await mkdir(join(folder, FAILED_DIR), { recursive: true })
  let lastSizes = new Map<string, number>()
  while (!signal.aborted) {
    const sizes = new Map<string, number>()
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      if (entry.isFile() && !entry.name.startsWith('.')) {
        const info = await stat(join(folder, entry.name)).catch(() => null)
        if (info) sizes.set(entry.name, info.size)
      }
    }
    const ready: LocalFile[] = [...sizes]
      .filter(([name, size]) => lastSizes.get(name) === size && size > 0)
      .map(([name, size]) => ({ path: join(folder, name), label: name, size }))
    lastSizes = sizes
    if (ready.length > 0) {
      const outcomes = await runUpload({ target: await options.target(), files: ready, concurrency: options.concurrency })
      for (const [index, outcome] of outcomes.entries()) {
        const dir = join(folder, OK.includes(outcome.status) ? DONE_DIR : FAILED_DIR)
        await rename(ready[index].path, await uniqueTarget(dir, ready[index].label))
        lastSizes.delete(ready[index].label)
        options.onOutcome(outcome)
      }
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, intervalMs)
      signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true })
    })
  }
}
