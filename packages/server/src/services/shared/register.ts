import type { ServiceDescriptor } from '@portal/sdk/services'
import type { Application, ServiceTypes } from '../../declarations'
import { guard, type GuardOptions } from '../../hooks/guard'

/** What a registration adds to its descriptor: how the policy learns the company or own record of a call. */
export type RegistrationOptions = Pick<GuardOptions, 'target'>

/**
 * Registers a service from its SDK descriptor (path, methods) and puts the policy guard in front of every method,
 * validating input with the descriptor's schemas, so no service can be reached without the policy deciding first.
 * The service must implement the descriptor's contract (ServiceTypes is derived from the descriptors).
 */
export function registerService<Path extends keyof ServiceTypes & string>(
  app: Application,
  descriptor: ServiceDescriptor<Path>,
  service: ServiceTypes[Path],
  options: RegistrationOptions = {},
): void {
  const { query, data, patch } = descriptor.schemas
  app.use(descriptor.path, service, { methods: [...descriptor.methods] as (keyof ServiceTypes[Path])[] })
  app.service(descriptor.path).hooks({ around: { all: [guard({ query, data, patch, target: options.target })] } })
}
