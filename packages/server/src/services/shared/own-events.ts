import type { HookContext, NextFunction } from '@feathersjs/feathers'
import type { Application } from '../../declarations'

type Method = 'create' | 'patch' | 'remove'

/**
 * For services whose commands publish their own events (in another shape, or for several records): Feathers'
 * automatic event of these methods is left out, so a listener hears each change once, as the command tells it.
 */
export function commandsPublish(app: Application, path: string, methods: Method[]): void {
  const leaveOut = async (context: HookContext, next: NextFunction) => {
    await next()
    context.event = null
  }
  app.service(path as 'users').hooks({ around: Object.fromEntries(methods.map((method) => [method, [leaveOut]])) })
}
