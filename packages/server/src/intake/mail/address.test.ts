import { describe, expect, it } from 'vitest'
import { companyOfIntakeAddress, intakeAddressOf, senderAllowed } from './address'

const config = { address: { local: 'rechnungen', domain: 'kanzlei.at' } }

describe('intake addresses', () => {
  it('names each company by its number after the plus', () => {
    expect(intakeAddressOf(config, 1001)).toBe('rechnungen+1001@kanzlei.at')
    expect(companyOfIntakeAddress(config, 'Rechnungen+1001@Kanzlei.AT')).toBe(1001)
  })

  it('knows no company for another base, another domain, no number or number 0', () => {
    for (const address of ['belege+1001@kanzlei.at', 'rechnungen+1001@andere.at', 'rechnungen@kanzlei.at', 'rechnungen+abc@kanzlei.at', 'rechnungen+0@kanzlei.at']) {
      expect(companyOfIntakeAddress(config, address)).toBeUndefined()
    }
  })
})

describe('allowed senders', () => {
  it('lets everyone send when the list is empty', () => {
    expect(senderAllowed([], 'anyone@example.com')).toBe(true)
  })

  it('matches whole addresses and whole domains, ignoring case', () => {
    const allowed = ['buchhaltung@lieferant.at', '@post.at']
    expect(senderAllowed(allowed, 'Buchhaltung@Lieferant.at')).toBe(true)
    expect(senderAllowed(allowed, 'rechnung@post.at')).toBe(true)
    expect(senderAllowed(allowed, 'other@lieferant.at')).toBe(false)
    expect(senderAllowed(allowed, 'x@notpost.at')).toBe(false)
  })
})
