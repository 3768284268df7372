import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { BadRequest, Forbidden } from '@feathersjs/errors'
import { STEP_UP_REQUIRED, type AccountSecurityData, type AccountSecurityResult, type AccountSecurityState } from '@portal/sdk/services'
import { fakePortalClient, renderSignedIn } from '../../test/session'
import { AccountPreferencesScene } from './AccountPreferences'
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
    // The current password is the step-up dialog's to ask (with the second factor), not this form's.
    expect(field('currentPassword')).toBeNull()
    fireEvent.change(field('newPassword'), { target: { value: 'kurz' } })
    fireEvent.click(screen.getByRole('button', { name: 'Passwort ändern' }))
    expect(await screen.findByText(/mindestens 10/)).toBeTruthy()
    fireEvent.change(field('newPassword'), { target: { value: 'a-long-new-password' } })
    fireEvent.change(field('repeat'), { target: { value: 'something-else' } })
    fireEvent.click(screen.getByRole('button', { name: 'Passwort ändern' }))
    await waitFor(() => expect(field('repeat').getAttribute('aria-invalid')).toBe('true'))
    expect(fake.calls).toEqual([])
  })

  it('shows the server’s refusal of the new password on that field', async () => {
    const fake = fakePortalClient({})
    const run = async () => {
      throw new BadRequest('Too weak', { key: 'validation:passwordLength', params: { field: 'newPassword', min: 10 } })
    }
    renderSignedIn(<PasswordSection run={run} />, { client: fake.client, permissions: [] })
    fireEvent.change(field('newPassword'), { target: { value: 'a-long-new-password' } })
    fireEvent.change(field('repeat'), { target: { value: 'a-long-new-password' } })
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
    await waitFor(() => expect(field('newPassword').getAttribute('aria-invalid')).toBe('true'))
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

  it('asks before removing it', async () => {
    const sent: unknown[] = []
    const on: AccountSecurityState = { ...off, totp: { enabled: true, recoveryCodesLeft: 7 } }
    const fake = fakePortalClient({})
    renderSignedIn(<AuthenticatorSection state={on} run={(async (data: unknown) => (sent.push(data), off)) as never} />, { client: fake.client, permissions: [] })
    expect(screen.getByTestId('totp-status').textContent).toContain('7 recovery codes left')
    fireEvent.click(screen.getByRole('button', { name: 'Remove the authenticator app' }))
    expect(await screen.findByText('Remove the authenticator app and its recovery codes?')).toBeTruthy()
    expect(sent).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: 'Yes, continue' }))
    await waitFor(() => expect(sent).toEqual([{ action: 'totpRemove' }]))
  })
})

describe('step-up (issue 30)', () => {
  const on: AccountSecurityState = { ...off, totp: { enabled: true, recoveryCodesLeft: 7 } }

  /** A fake account-security that refuses every change until a step-up with `right-password` and `123456`. */
  function stepUpServer() {
    let proved = false
    const sent: AccountSecurityData[] = []
    const fake = fakePortalClient({
      'account-security': {
        find: () => on,
        create: ({ data }) => {
          const change = data as AccountSecurityData
          sent.push(change)
          if (change.action === 'stepUp') {
            if (change.password !== 'right-password') throw new BadRequest('wrong', { key: 'security:errors.wrongPassword', params: { field: 'password' } })
            if (change.code !== '123456') throw new BadRequest('wrong', { key: 'security:errors.invalidCode', params: { field: 'code' } })
            proved = true
            return { ...on, stepUpUntil: new Date().toISOString() }
          }
          if (!proved) throw new Forbidden('Confirm your password and second factor first', { key: STEP_UP_REQUIRED, params: {} })
          return { ...on, recoveryCodes: codes }
        },
      },
      'account-sessions': { find: () => [] },
    })
    return { fake, sent }
  }

  it('asks for the password and a code in a dialog when the server wants a fresh proof, then makes the change (German)', async () => {
    const { fake, sent } = stepUpServer()
    renderSignedIn(<AccountPreferencesScene />, { client: fake.client, permissions: [], lng: 'de' })
    fireEvent.click(await screen.findByRole('button', { name: 'Neue Wiederherstellungscodes' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Ja, fortfahren' }))
    const dialog = await screen.findByRole('dialog', { name: 'Bestätigen Sie, dass Sie es sind' })
    // The password field has the focus: the dialog is used by keyboard alone.
    await waitFor(() => expect(document.activeElement).toBe(field('step-up-password')))
    // Without a code: said at the code field, nothing sent.
    fireEvent.change(field('step-up-password'), { target: { value: 'right-password' } })
    fireEvent.submit(dialog.querySelector('form')!)
    expect(await screen.findByText(/Geben Sie einen Code aus Ihrer Authenticator-App/)).toBeTruthy()
    expect(sent.filter((data) => data.action === 'stepUp')).toHaveLength(0)
    // A wrong code: the server's refusal at the code field, in German.
    fireEvent.change(field('step-up-code'), { target: { value: '000000' } })
    fireEvent.submit(dialog.querySelector('form')!)
    expect(await screen.findByText('Der Code ist ungültig oder wurde schon verwendet')).toBeTruthy()
    fireEvent.change(field('step-up-code'), { target: { value: '123456' } })
    fireEvent.submit(dialog.querySelector('form')!)
    // Proved: the dialog closes and the change is sent again; the new codes are shown.
    await screen.findByTestId('recovery-codes')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(sent.map((data) => data.action)).toEqual(['recoveryCodes', 'stepUp', 'stepUp', 'recoveryCodes'])
  })

  it('a cancelled dialog changes nothing and says why', async () => {
    const { fake, sent } = stepUpServer()
    renderSignedIn(<AccountPreferencesScene />, { client: fake.client, permissions: [] })
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the authenticator app' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, continue' }))
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' })
    fireEvent.keyDown(dialog, { key: 'Escape' })
    expect(await screen.findByText('Confirm your password and second factor first')).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(sent).toEqual([{ action: 'totpRemove' }])
  })
})
