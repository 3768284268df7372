import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen } from '@testing-library/react'
import { DocumentStatus } from '@portal/sdk/domain'
import { renderWithShell } from '../../test/render'
import { ErpErrorFilter } from './ErpErrorFilter'
import { ErpMessage } from './ErpMessage'
import { NO_FILTERS } from './listQuery'

describe('the ERP’s answer in Accounting', () => {
  it('shows the ERP’s refusal with its message, a notice in its own words, and nothing otherwise', () => {
    const booked = DocumentStatus.Confirmed | DocumentStatus.Booked
    const view = renderWithShell(<ErpMessage status={booked | DocumentStatus.ERPError} message="Konto 7200 gesperrt" />, { lng: 'de' })
    expect(screen.getByTestId('erp-error').textContent).toContain('Das ERP hat diesen Beleg abgelehnt')
    expect(screen.getByTestId('erp-error').textContent).toContain('Konto 7200 gesperrt')
    view.unmount()
    const info = renderWithShell(<ErpMessage status={booked | DocumentStatus.ERPImported | DocumentStatus.ERPInfo} message={null} />)
    expect(screen.getByTestId('erp-info').textContent).toContain('The ERP gave no message.')
    info.unmount()
    renderWithShell(<ErpMessage status={booked | DocumentStatus.ERPImported} message={null} />)
    expect(screen.queryByTestId('erp-error')).toBeNull()
    expect(screen.queryByTestId('erp-info')).toBeNull()
  })

  it('the ERP errors filter narrows the list to ERPError with one press and clears it with the next', () => {
    const onChange = vi.fn()
    const view = renderWithShell(<ErpErrorFilter filters={{ ...NO_FILTERS, partner: 'Berger' }} onChange={onChange} />)
    const button = screen.getByRole('button', { name: 'ERP errors' })
    expect(button.getAttribute('aria-pressed')).toBe('false')
    fireEvent.click(button)
    expect(onChange).toHaveBeenLastCalledWith({ ...NO_FILTERS, partner: 'Berger', status: 'ERPError' })
    view.unmount()
    renderWithShell(<ErpErrorFilter filters={{ ...NO_FILTERS, status: 'ERPError' }} onChange={onChange} />)
    expect(screen.getByRole('button', { name: 'ERP errors' }).getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(screen.getByRole('button', { name: 'ERP errors' }))
    expect(onChange).toHaveBeenLastCalledWith({ ...NO_FILTERS })
  })
})
