import type { Socket } from 'socket.io-client'
import { CliError } from '../../errors'
import { ExitCode } from '../../exit-codes'

/** Resolves once the socket is connected; a CLI run fails at the first connection error instead of retrying for ever. */
export function waitConnected(socket: Socket, server: string): Promise<void> {
  if (socket.connected) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const onConnect = () => {
      socket.off('connect_error', onError)
      resolve()
    }
    const onError = (error: Error) => {
      socket.off('connect', onConnect)
      reject(new CliError('errors.unreachable', { server, message: error.message }, ExitCode.unreachable, 'hints.server'))
    }
    socket.once('connect', onConnect)
    socket.once('connect_error', onError)
  })
}
