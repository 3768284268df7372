import { describe, expect, it } from 'vitest'
import { allowedSendersOf, listEntries, scannerFormErrors, scannerRegistrationData } from './scannerForm'

describe('scanner register form', () => {
  it('asks for a location and a company, and names an entry that is no e-mail address', () => {
    expect(scannerFormErrors({ location: ' ', company: '', users: '' })).toEqual({
      location: { key: 'scanners:errors.locationRequired' },
      company: { key: 'scanners:errors.companyRequired' },
    })
    expect(scannerFormErrors({ location: 'Empfang', company: '1001', users: 'anna@kanzlei.at, stefan' })).toEqual({
      users: { key: 'scanners:errors.badEmails', params: { value: 'stefan' } },
    })
  })

  it('sends trimmed values, the company as a number and each user once', () => {
    const values = { location: ' Empfang ', company: '1001', users: 'Anna@Kanzlei.at;\nanna@kanzlei.at, b@x.at' }
    expect(scannerFormErrors(values)).toEqual({})
    expect(scannerRegistrationData(values)).toEqual({ location: 'Empfang', company_no: 1001, users: ['anna@kanzlei.at', 'b@x.at'] })
    expect(scannerRegistrationData({ ...values, users: '' })).toEqual({ location: 'Empfang', company_no: 1001 })
  })
})

describe('allowed senders', () => {
  it('reads addresses and domains one per line, and names the first that is neither', () => {
    expect(listEntries('a@b.at\n\n @c.at ')).toEqual(['a@b.at', '@c.at'])
    expect(allowedSendersOf('Buchhaltung@Lieferant.at\n@post.at')).toEqual({ senders: ['buchhaltung@lieferant.at', '@post.at'] })
    expect(allowedSendersOf('@post.at\nlieferant.at')).toEqual({ senders: [], error: { key: 'scanners:errors.badSender', params: { value: 'lieferant.at' } } })
  })
})
