import { render, type Instance } from 'ink'
import type { Writable } from 'node:stream'
import type { Translate } from '../i18n'
import type { UploadProgress as Progress } from '../services/upload/run-upload'
import { UploadProgress } from './components/UploadProgress/UploadProgress'

/** A live progress view; update it as often as you like, it redraws at most ten times a second. */
export interface ProgressView {
  update(progress: Progress): void
  /** Draws the final state and releases the terminal. */
  done(): void
}

type Stream = Writable & { isTTY?: boolean }

/** Upload progress on a terminal (Ink), or one line per finished file when the stream is not a terminal. */
export function renderProgress(stream: Stream, t: Translate): ProgressView {
  if (!stream.isTTY) {
    const printed = new Set<string>()
    return {
      update: (progress) => {
        for (const file of progress.files) {
          if (!file.outcome || printed.has(file.label)) continue
          printed.add(file.label)
          stream.write(`${file.label}: ${t(`upload.status.${file.outcome.status}`)}\n`)
        }
      },
      done: () => undefined,
    }
  }
  let latest: Progress | undefined
  let instance: Instance | undefined
  let last = 0
  const draw = () => {
    if (!latest) return
    const node = <UploadProgress progress={latest} t={t} />
    if (instance) instance.rerender(node)
    else instance = render(node, { stdout: stream as NodeJS.WriteStream, patchConsole: false })
  }
  return {
    update: (progress) => {
      latest = progress
      const now = Date.now()
      if (now - last < 100 && instance) return
      last = now
      draw()
    },
    done: () => {
      draw()
      instance?.unmount()
    },
  }
}
