import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import type { PortalClient } from '@portal/sdk/client'
import type { Config, SessionUser, VersionInfo } from '@portal/sdk/services'
import { SessionContext, type SessionState } from '../providers/contexts'
import { SnackbarProvider } from '../providers/SnackbarProvider'
import { renderWithShell } from '../test/render'
import { useVersionCheck } from './useVersionCheck'

function Probe() {
  useVersionCheck()
  return null
}

// A client whose version service answers the given frontend version; nothing else is called.
function sessionWith(frontend: VersionInfo['frontend']): SessionState {
  const client = {
    service: () => ({ find: async () => ({ frontend, build: 308, server: '1.6.7' }) }),
  } as unknown as PortalClient
  return {
    client,
    user: {} as SessionUser,
    config: {} as Config,
    language: 'en',
    setLanguage: async () => {},
  }
}

function renderCheck(frontend: VersionInfo['frontend'], lng: 'en' | 'de' = 'en') {
  return renderWithShell(
    <SessionContext.Provider value={sessionWith(frontend)}>
      <SnackbarProvider>
        <Probe />
      </SnackbarProvider>
    </SessionContext.Provider>,
    { lng },
  )
}

describe('useVersionCheck', () => {
  it('offers a reload when the server has a newer frontend', async () => {
    renderCheck({ semver: { major: 1, minor: 6, patch: 7 }, distance: 0 })
    await waitFor(() => expect(screen.getByTestId('snackbar').textContent).toContain('Application out of date. Please reload.'))
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy()
  })

  it('says so in German too', async () => {
    renderCheck({ semver: { major: 1, minor: 6, patch: 6 }, distance: 3 }, 'de')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Neu laden' })).toBeTruthy())
  })

  it('stays quiet when the versions match', async () => {
    renderCheck({ semver: { major: 1, minor: 6, patch: 6 }, distance: 0 })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByTestId('snackbar')).toBeNull()
  })
})
