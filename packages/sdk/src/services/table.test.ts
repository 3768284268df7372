import { describe, expect, it } from 'vitest'
import { serviceDescriptors } from './registry'
import { serviceRegistrations, serviceTable } from './table'

describe('service table', () => {
  it('names every described service with its methods and rules', () => {
    expect(serviceTable.map((entry) => entry.path)).toEqual(serviceDescriptors.map((descriptor) => descriptor.path))
    for (const [i, descriptor] of serviceDescriptors.entries()) {
      expect(serviceTable[i]).toEqual({ path: descriptor.path, methods: descriptor.methods, abilities: descriptor.abilities })
    }
    expect(serviceRegistrations).toEqual(serviceTable.map(({ path, methods }) => ({ path, methods })))
  })

  it('is plain data, so the web build can use its JSON value instead of the descriptors (serviceTablePlugin.ts)', () => {
    expect(JSON.parse(JSON.stringify(serviceTable))).toStrictEqual(serviceTable)
  })
})
