import { io, type Socket } from 'socket.io-client'
import type { Answer } from './answers'

/** Who a socket call is made as. */
export type Identity = 'admin' | 'client' | 'anonymous'

/** A Feathers error as it travels over socket.io. */
interface WireError {
  code?: unknown
  name?: string
}

/** Opens a websocket-only socket.io connection and waits until it is connected. */
export function openSocket(url: string, timeoutMs = 5000): Promise<Socket> {
  const socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true, timeout: timeoutMs })
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket))
    socket.once('connect_error', (error) => {
      socket.close()
      reject(error)
    })
  })
}

/** Emits one Feathers call (`method`, `path`, ...args) and answers its status and text; rejects on timeout or abort. */
export function emitCall(socket: Socket, method: string, args: unknown[], signal: AbortSignal): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const onDisconnect = () => finish({ status: 0, body: 'disconnected' })
    const onAbort = () => {
      socket.off('disconnect', onDisconnect)
      reject(new Error('aborted'))
    }
    let done = false
    const finish = (answer: Answer) => {
      if (done) return
      done = true
      signal.removeEventListener('abort', onAbort)
      socket.off('disconnect', onDisconnect)
      resolve(answer)
    }
    signal.addEventListener('abort', onAbort, { once: true })
    socket.once('disconnect', onDisconnect)
    socket.emit(method, ...args, (error: WireError | null, result: unknown) => {
      if (error) {
        const code = typeof error.code === 'number' ? error.code : 500
        finish({ status: code, body: JSON.stringify(error) })
      } else finish({ status: 200, body: JSON.stringify(result ?? null) })
    })
  })
}

/** One socket per identity, signed in with its token; a socket the server closed is replaced on next use. */
export class SocketSessions {
  private readonly open = new Map<Identity, Promise<Socket>>()

  constructor(
    private readonly url: string,
    private readonly tokens: Record<Exclude<Identity, 'anonymous'>, string>,
  ) {}

  /** A connected (and, except anonymous, authenticated) socket for the identity. */
  async socket(identity: Identity): Promise<Socket> {
    const existing = this.open.get(identity)
    if (existing) {
      const socket = await existing.catch(() => undefined)
      if (socket?.connected) return socket
    }
    const opening = this.connect(identity)
    this.open.set(identity, opening)
    return opening
  }

  private async connect(identity: Identity): Promise<Socket> {
    const socket = await openSocket(this.url)
    if (identity === 'anonymous') return socket
    const answer = await emitCall(socket, 'create', ['authentication', { strategy: 'jwt', accessToken: this.tokens[identity] }, {}], AbortSignal.timeout(10_000))
    if (answer.status !== 200) throw new Error(`sign-in of the ${identity} socket failed: ${answer.body.slice(0, 200)}`)
    return socket
  }

  /** Closes every socket. */
  async close(): Promise<void> {
    for (const opening of this.open.values()) (await opening.catch(() => undefined))?.close()
    this.open.clear()
  }
}
