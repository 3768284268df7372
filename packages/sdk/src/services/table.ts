import type { ServiceDescriptor } from './descriptor'
import { serviceDescriptors } from './registry'

/** What a client needs of one service: its path, its socket methods and who may call them; no schemas. */
export type ServiceEntry = Pick<ServiceDescriptor, 'path' | 'methods' | 'abilities'>

/**
 * Every service as a client sees it, from the descriptors: the client registers `path` and `methods`, `can()` reads
 * `abilities`. Plain data (no schemas, no functions), so a browser build may put its value in place of this module
 * and leave the descriptors and their TypeBox schemas to the screens that use them (packages/web/serviceTablePlugin.ts).
 */
export const serviceTable: readonly ServiceEntry[] = serviceDescriptors.map(({ path, methods, abilities }) => ({ path, methods, abilities }))

/** Path and methods of every service, for registering them on a Feathers client. */
export const serviceRegistrations: readonly { path: string; methods: readonly string[] }[] = serviceTable.map(({ path, methods }) => ({ path, methods }))
