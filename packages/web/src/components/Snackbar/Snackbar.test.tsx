import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen } from '@testing-library/react'
import { createError } from '@portal/sdk/errors'
import { useSnackbar } from '../../hooks/useSnackbar'
import { SnackbarProvider } from '../../providers/SnackbarProvider'
import { renderWithShell } from '../../test/render'

let api: ReturnType<typeof useSnackbar>
function Probe() {
  api = useSnackbar()
  return null
}

describe('Snackbar', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('shows an error in red with an alert icon for 5000 ms', () => {
    renderWithShell(
      <SnackbarProvider>
        <Probe />
      </SnackbarProvider>,
    )
    act(() => api.notify({ kind: 'error', text: 'Document merge failed!' }))
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Document merge failed!')
    expect(alert.querySelector('[data-kind="error"] svg')).not.toBeNull()
    act(() => vi.advanceTimersByTime(4999))
    expect(screen.queryByRole('alert')).not.toBeNull()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('appends messages that arrive while open and extends by 1000 ms each, at most 10000 ms', () => {
    renderWithShell(
      <SnackbarProvider>
        <Probe />
      </SnackbarProvider>,
    )
    act(() => api.notify({ kind: 'error', text: 'first' }))
    act(() => {
      for (let i = 0; i < 8; i++) api.notify({ kind: 'error', text: `more ${i}` })
    })
    expect(screen.getByRole('alert').textContent).toContain('more 7')
    act(() => vi.advanceTimersByTime(9999))
    expect(screen.queryByRole('alert')).not.toBeNull()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it("shows a service error in the user's language and closes on dismiss", () => {
    renderWithShell(
      <SnackbarProvider>
        <Probe />
      </SnackbarProvider>,
      { lng: 'de' },
    )
    act(() => api.notifyError(createError('Forbidden', 'errors:document.noAccess')))
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Das Dokument existiert nicht oder der Zugriff darauf wurde verweigert.')
    fireEvent.click(screen.getByRole('button', { name: 'Schließen' }))
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
