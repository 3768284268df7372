import { describe, expect, it } from 'vitest'
import { abilities } from './abilities'
import { authenticationPath } from './authentication'
import type { ServiceMethod, ServiceSchemas } from './descriptor'
import * as services from './index'
import { serviceRegistrations } from './index'
import { serviceDescriptors } from './registry'

// The schema the guard validates each method's input with (hooks/guard.ts); a missing one would refuse every call.
const VALIDATED_BY: Partial<Record<ServiceMethod, keyof ServiceSchemas>> = { find: 'query', create: 'data', update: 'data', patch: 'patch' }

describe('service descriptors', () => {
  it('are all in the list (a descriptor file not listed in registry.ts would be a service nobody registers)', () => {
    const exported = Object.entries(services).filter(([name]) => name.endsWith('Descriptor'))
    expect(exported.length).toBeGreaterThan(0)
    for (const [name, descriptor] of exported) expect(serviceDescriptors, name).toContain(descriptor)
  })

  it('name each service once', () => {
    const paths = serviceDescriptors.map((descriptor) => descriptor.path)
    expect(new Set(paths).size).toBe(paths.length)
    expect(serviceRegistrations.map((registration) => registration.path)).toEqual(paths)
  })

  it('give every socket method a rule and the schema the server validates it with', () => {
    for (const descriptor of serviceDescriptors) {
      // Signing in is what the rules need; it is not decided by them.
      if (descriptor.path === authenticationPath) continue
      for (const method of descriptor.methods) {
        expect(abilities[descriptor.path]?.[method], `${descriptor.path}.${method} has no rule`).toBeDefined()
        const schema = VALIDATED_BY[method]
        if (schema) expect(descriptor.schemas[schema], `${descriptor.path}.${method} has no ${schema} schema`).toBeDefined()
      }
    }
  })

  it('derive the ability table from their rules', () => {
    expect(Object.keys(abilities).sort()).toEqual(
      serviceDescriptors.filter((d) => Object.keys(d.abilities).length > 0).map((d) => d.path).sort(),
    )
    expect(abilities.documents).toBe(serviceDescriptors.find((d) => d.path === 'documents')!.abilities)
  })
})
