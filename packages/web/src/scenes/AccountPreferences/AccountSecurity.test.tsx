import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { BadRequest } from '@feathersjs/errors'
import type { AccountSecurityResult, AccountSecurityState } from '@portal/sdk/services'
import { fakePortalClient, renderSignedIn } from '../../test/session'
import { AuthenticatorSection } from './AuthenticatorSection'
import { PasswordSection } from './PasswordSection'

const off: AccountSecurityState = { profile: { phone: null, firm: 'Kanzlei Muster', clients: [] }, external: false, totp: { enabled: false, recoveryCodesLeft: 0 }, passkeys: [], required: false }
const codes = Array.from({ length: 10 }, (_, i) => `AAAA-BBBB-CC${String(i).padStart(2, '0')}`)

function field(name: string): HTMLInputElement {
  return document.querySelector(`input[name=${name}]`) as HTMLInputElement
}

describe('password change', () => {
  it('names a too short or unrepeated password at its field in German and sends nothing', async () => {
    const fake = fakePortalClient({})
    renderSignedIn(<PasswordSection run={async () => ({}) as AccountSecurityResult} />, { client: fake.client, permissions: [], lng: 'de' })
    fireEvent.change(field('currentPassword'), { target: { value: 'old-password' } })
    fireEvent.change(field('newPassword'), { target: { value: 'kurz' } })
    fireEvent.click(screen.getByRole('button', { name: 'Passwort ändern' }))
    expect(await screen.findByText(/mindestens 10/)).toBeTruthy()
    fireEvent.change(field('newPassword'), { target: { value: 'a-long-new-password' } })
    fireEvent.change(field('repeat'), { target: { value: 'something-else' } })
    fireEvent.click(screen.getByRole('button', { name: 'Passwort ändern' }))
    await waitFor(() => expect(field('repeat').getAttribute('aria-invalid')).toBe('true'))
    expect(fake.calls).toEqual([])
  })

  it('shows the server’s refusal of the current password on that field', async () => {
    const fake = fakePortalClient({})
    const run = async () => {
      throw new BadRequest('The password is not correct', { key: 'security:errors.wrongPassword', params: { field: 'currentPassword' } })
    }
    renderSignedIn(<PasswordSection run={run} />, { client: fake.client, permissions: [] })
    fireEvent.change(field('currentPassword'), { target: { value: 'wrong' } })
    fireEvent.change(field('newPassword'), { target: { value: 'a-long-new-password' } })
    fireEvent.change(field('repeat'), { target: { value: 'a-long-new-password' } })
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('The password is not correct')).toBeTruthy()
    expect(field('currentPassword').getAttribute('aria-invalid')).toBe('true')
  })
})

describe('authenticator app', () => {
  it('shows the QR code and key, confirms with a code and shows the ten recovery codes once', async () => {
    const sent: unknown[] = []
    const run = async (data: { action: string }) => {
      sent.push(data)
      if (data.action === 'totpBegin') return { ...off, totpSetup: { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Portal:a?secret=JBSWY3DPEHPK3PXP', qrSvg: '<svg data-testid="qr"></svg>' } }
      return { ...off, totp: { enabled: true, recoveryCodesLeft: 10 }, recoveryCodes: codes }
    }
    const fake = fakePortalClient({})
    renderSignedIn(<AuthenticatorSection state={off} run={run as never} />, { client: fake.client, permissions: [] })
    fireEvent.click(screen.getByRole('button', { name: 'Set up an authenticator app' }))
    expect((await screen.findByTestId('totp-secret')).textContent).toBe('JBSWY3DPEHPK3PXP')
    expect(screen.getByTestId('qr')).toBeTruthy()
    // Not six digits: said at the field, nothing sent.
    fireEvent.change(field('totp-code'), { target: { value: '12' } })
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('The code is not valid or was already used')).toBeTruthy()
    expect(sent).toHaveLength(1)
    fireEvent.change(field('totp-code'), { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    await screen.findByTestId('recovery-codes')
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(codes)
    expect(sent[1]).toEqual({ action: 'totpConfirm', code: '123456' })
    fireEvent.click(screen.getByRole('button', { name: 'I have saved the codes' }))
    expect(screen.queryByTestId('recovery-codes')).toBeNull()
  })

  it('asks for the password before removing it', async () => {
    const sent: unknown[] = []
    const on: AccountSecurityState = { ...off, totp: { enabled: true, recoveryCodesLeft: 7 } }
    const fake = fakePortalClient({})
    renderSignedIn(<AuthenticatorSection state={on} run={(async (data: unknown) => (sent.push(data), off)) as never} />, { client: fake.client, permissions: [] })
    expect(screen.getByTestId('totp-status').textContent).toContain('7 recovery codes left')
    fireEvent.click(screen.getByRole('button', { name: 'Remove the authenticator app' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('Enter your password to confirm')).toBeTruthy()
    expect(sent).toEqual([])
    fireEvent.change(field('reauth-password'), { target: { value: 'my-password' } })
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(sent).toEqual([{ action: 'totpRemove', password: 'my-password' }]))
  })
})
