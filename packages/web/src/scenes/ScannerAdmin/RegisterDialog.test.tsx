import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { BadRequest } from '@feathersjs/errors'
import type { ScannerTokenAnswer } from '@portal/sdk/services'
import { fakePortalClient, renderSignedIn } from '../../test/session'
import { RegisterDialog } from './RegisterDialog'
import { TokenDialog } from './TokenDialog'

const companies = [
  { company_no: 1001, company_name: 'Alpenblick Gastronomie GmbH', company_place: 'Innsbruck' },
  { company_no: 1002, company_name: 'Bäckerei Steiner KG', company_place: 'Graz' },
] as never[]

const answer = { scanner: { id: 7, location: 'Empfang' }, token: 'pst_secret-token' } as ScannerTokenAnswer

function renderDialog(create: () => unknown, lng: 'en' | 'de' = 'en') {
  const fake = fakePortalClient({ 'scanner-registrations': { create } })
  const onRegistered = vi.fn()
  renderSignedIn(<RegisterDialog companies={companies} companyNo={0} onRegistered={onRegistered} onClose={vi.fn()} />, { client: fake.client, permissions: ['adm'], companies, lng })
  return { fake, onRegistered }
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } })

describe('registering a scanner', () => {
  it('names what is missing or wrong at its field and sends nothing', async () => {
    const { fake } = renderDialog(() => answer, 'de')
    fireEvent.click(screen.getByTestId('register-submit'))
    expect((await screen.findByTestId('scanner-error-location')).textContent).toContain('Geben Sie an, wo der Scanner steht')
    expect(screen.getByTestId('scanner-error-company').textContent).toContain('Wählen Sie den Klienten')
    type('scanner-location', 'Empfang')
    fireEvent.change(screen.getByTestId('scanner-company'), { target: { value: '1002' } })
    type('scanner-users', 'anna@kanzlei.at, stefan')
    fireEvent.click(screen.getByTestId('register-submit'))
    expect((await screen.findByTestId('scanner-error-users')).textContent).toContain('„stefan“ ist keine')
    expect(fake.calls).toEqual([])
  })

  it('registers with location, company and users, and hands the answer on', async () => {
    const { fake, onRegistered } = renderDialog(() => answer)
    type('scanner-location', ' Empfang ')
    fireEvent.change(screen.getByTestId('scanner-company'), { target: { value: '1001' } })
    type('scanner-users', 'staff@demo.portal')
    fireEvent.click(screen.getByTestId('register-submit'))
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith(answer))
    expect(fake.calls[0]).toMatchObject({ path: 'scanner-registrations', method: 'create', data: { location: 'Empfang', company_no: 1001, users: ['staff@demo.portal'] } })
  })

  it('shows the server’s refusal in the user’s language', async () => {
    renderDialog(() => {
      throw new BadRequest('No portal user has the e-mail address x@y.at', { key: 'scanners:errors.unknownUsers', params: { field: 'users', emails: 'x@y.at' } })
    })
    type('scanner-location', 'Empfang')
    fireEvent.change(screen.getByTestId('scanner-company'), { target: { value: '1001' } })
    type('scanner-users', 'x@y.at')
    fireEvent.click(screen.getByTestId('register-submit'))
    expect((await screen.findByTestId('register-refusal')).textContent).toBe('No portal user has the e-mail address x@y.at.')
  })
})

describe('the token, shown once', () => {
  it('shows the token with a copy button and says it is shown only now', async () => {
    const writeText = vi.fn(async () => undefined)
    Object.assign(navigator, { clipboard: { writeText } })
    const fake = fakePortalClient({})
    renderSignedIn(<TokenDialog answer={answer} onClose={vi.fn()} />, { client: fake.client, permissions: ['adm'] })
    expect((screen.getByTestId('scanner-token') as HTMLInputElement).value).toBe('pst_secret-token')
    expect(screen.getByRole('alert').textContent).toContain('shown only this once')
    fireEvent.click(screen.getByTestId('copy-token'))
    // The label changes once the clipboard has answered, a moment after it was written to.
    await waitFor(() => expect(screen.getByTestId('copy-token').textContent).toBe('Copied'))
    expect(writeText).toHaveBeenCalledWith('pst_secret-token')
  })
})
