import type { Application } from '../../declarations'
import { guard, type GuardOptions } from '../../hooks/guard'

/**
 * Registers a service with its methods and puts the policy guard in front of every method, so no service
 * can be reached without the policy deciding first.
 */
export function registerService(
  app: Application,
  path: string,
  service: object,
  methods: readonly string[],
  guardOptions: GuardOptions = {},
): void {
  const untyped = app as unknown as {
    use(path: string, service: object, options: { methods: string[] }): void
    service(path: string): { hooks(hooks: { around: { all: ReturnType<typeof guard>[] } }): void }
  }
  untyped.use(path, service, { methods: [...methods] })
  untyped.service(path).hooks({ around: { all: [guard(guardOptions)] } })
}
