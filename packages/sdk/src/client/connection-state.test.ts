import { EventEmitter } from 'node:events'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { watchConnection, type ConnectionState, type WatchedSocket } from './connection-state'

/** A socket stand-in: connected flag, send buffer and connect/disconnect events. */
function fakeSocket() {
  const events = new EventEmitter()
  const socket = {
    connected: false,
    sendBuffer: [] as unknown[],
    on: (event: string, listener: () => void) => events.on(event, listener),
    off: (event: string, listener: () => void) => events.off(event, listener),
    emit: (event: string) => events.emit(event),
  }
  return socket
}

afterEach(() => vi.useRealTimers())

describe('watchConnection', () => {
  it('says nothing while the first connection is made, then reports a lost connection, the calls waiting, and the way back', () => {
    vi.useFakeTimers()
    const socket = fakeSocket()
    const states: ConnectionState[] = []
    const stop = watchConnection(socket as unknown as WatchedSocket, (state) => states.push(state), 100)
    socket.connected = true
    socket.emit('connect')
    socket.connected = false
    socket.emit('disconnect')
    socket.sendBuffer.push({}, {})
    vi.advanceTimersByTime(100)
    socket.sendBuffer.length = 0
    socket.connected = true
    socket.emit('connect')
    expect(states).toEqual([
      { online: true, waiting: 0 },
      { online: false, waiting: 0 },
      { online: false, waiting: 2 },
      { online: true, waiting: 0 },
    ])
    stop()
    socket.connected = false
    socket.emit('disconnect')
    expect(states).toHaveLength(4)
  })
})
