import { render } from 'ink'
import type { Readable, Writable } from 'node:stream'
import { FonConflicts, type FonConflictsProps } from './components/FonConflicts/FonConflicts'

/** Runs the FON conflicts screen until the user quits. */
export async function renderFonConflicts(streams: { stdout: Writable; stdin: Readable }, props: Omit<FonConflictsProps, 'onQuit'>): Promise<void> {
  let quit: () => void = () => undefined
  const instance = render(<FonConflicts {...props} onQuit={() => quit()} />, {
    stdout: streams.stdout as NodeJS.WriteStream,
    stdin: streams.stdin as NodeJS.ReadStream,
    patchConsole: false,
  })
  quit = () => instance.unmount()
  await instance.waitUntilExit()
}
