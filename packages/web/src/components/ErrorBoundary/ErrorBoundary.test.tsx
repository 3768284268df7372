import { describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { useSnackbar } from '../../hooks/useSnackbar'
import { SnackbarProvider } from '../../providers/SnackbarProvider'
import { renderWithShell } from '../../test/render'
import { ErrorBoundary } from './ErrorBoundary'

function Broken(): never {
  throw new Error('Calculation failed')
}

function Guarded() {
  const { notifyError } = useSnackbar()
  return (
    <ErrorBoundary onError={notifyError} fallback={<p>fallback page</p>}>
      <Broken />
    </ErrorBoundary>
  )
}

describe('ErrorBoundary', () => {
  it('shows the fallback and the error in the red snackbar', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderWithShell(
      <SnackbarProvider>
        <Guarded />
      </SnackbarProvider>,
    )
    expect(screen.getByText('fallback page')).toBeTruthy()
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Calculation failed')
    expect(alert.querySelector('[data-kind="error"] svg')).not.toBeNull()
  })
})
