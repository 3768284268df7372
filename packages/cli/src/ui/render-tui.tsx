import { render } from 'ink'
import type { Readable, Writable } from 'node:stream'
import { TuiApp, type TuiAppProps } from './components/TuiApp/TuiApp'

/** Runs the terminal app until the user quits. */
export async function renderTui(
  streams: { stdout: Writable; stdin: Readable },
  props: TuiAppProps,
): Promise<void> {
  const instance = render(<TuiApp {...props} />, {
    stdout: streams.stdout as NodeJS.WriteStream,
    stdin: streams.stdin as NodeJS.ReadStream,
    patchConsole: false,
  })
  await instance.waitUntilExit()
}
