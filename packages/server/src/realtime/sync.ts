import type { Application } from '../declarations'

interface SyncMessage {
  event: string
  path: string
  data: unknown
  context?: { method?: string; id?: unknown; path?: string }
}

/**
 * Shares service events between server instances through Redis (REDIS_URL), so each instance publishes
 * every event to its own connections through the usual channels. Only what channels need crosses the wire:
 * the record and the method, never a caller's params or connection. feathers-sync loads only then.
 */
export async function configureEventSync(app: Application, redisUrl: string): Promise<void> {
  const { default: sync } = await import('feathers-sync')
  app.configure(
    sync({
      uri: redisUrl,
      key: 'portal-events',
      serialize: ({ event, path, data, context }: SyncMessage) =>
        JSON.stringify({
          event,
          path,
          data,
          // Channels publish context.dispatch ?? context.result; both are the record here.
          context: context ? { method: context.method, id: context.id, path: context.path, result: data } : undefined,
        }),
      deserialize: (raw: string) => JSON.parse(raw) as SyncMessage,
    }),
  )
  await (app as unknown as { sync: { ready: Promise<void> } }).sync.ready
}

/** Closes the Redis connections of the event sync, if configured. */
export async function closeEventSync(app: Application): Promise<void> {
  const state = (app as unknown as { sync?: { pub: { quit(): Promise<unknown> }; sub: { quit(): Promise<unknown> } } }).sync
  if (state) await Promise.allSettled([state.pub.quit(), state.sub.quit()])
}
