import { createPortalClient, type PortalClient } from '../../packages/sdk/src/client/index'

/** Connects the real SDK client (socket.io, websocket only) and waits until the socket is open. */
export async function connectSdkClient(url: string): Promise<PortalClient> {
  const client = createPortalClient({ url })
  if (!client.socket.connected) {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no socket connection to ${url}`)), 10_000)
      client.socket.once('connect', () => {
        clearTimeout(timer)
        resolve()
      })
    })
  }
  return client
}
