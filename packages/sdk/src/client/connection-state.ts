import type { Socket } from 'socket.io-client'

/** What the portal's connection is doing, as a user needs to know it. */
export interface ConnectionState {
  /** False once a connection that was up is lost, until it is back. */
  online: boolean
  /** Calls (saves among them) made while offline: socket.io holds them and sends them when the connection is back. */
  waiting: number
}

/** The socket's part watchConnection reads (socket.io-client's Socket). */
export type WatchedSocket = Pick<Socket, 'connected' | 'sendBuffer' | 'on' | 'off'>

/**
 * Watches a portal socket and reports its state on every change: offline after a connection was lost (not while the
 * first one is made), and how many calls wait in its send buffer, read every `pollMs` (a call adds to it without an
 * event). Answers the function that stops watching.
 */
export function watchConnection(socket: WatchedSocket, onChange: (state: ConnectionState) => void, pollMs = 500): () => void {
  let connectedOnce = socket.connected
  let last = ''
  const report = () => {
    if (socket.connected) connectedOnce = true
    const online = socket.connected || !connectedOnce
    const state = { online, waiting: online ? 0 : socket.sendBuffer.length }
    const key = `${state.online} ${state.waiting}`
    if (key === last) return
    last = key
    onChange(state)
  }
  socket.on('connect', report)
  socket.on('disconnect', report)
  const timer = setInterval(report, pollMs)
  report()
  return () => {
    socket.off('connect', report)
    socket.off('disconnect', report)
    clearInterval(timer)
  }
}
