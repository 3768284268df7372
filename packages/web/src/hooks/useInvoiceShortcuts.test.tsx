import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render } from '@testing-library/react'
import { useInvoiceShortcuts, type InvoiceShortcutActions } from './useInvoiceShortcuts'

function Keys({ actions }: { actions: InvoiceShortcutActions }) {
  useInvoiceShortcuts(actions)
  return (
    <div>
      <input aria-label="text" />
      <button type="button">button</button>
    </div>
  )
}

const actions = () => ({ previous: vi.fn(), next: vi.fn(), confirmAndNext: vi.fn(), jumpToAttention: vi.fn(), help: vi.fn() })

describe('useInvoiceShortcuts', () => {
  it('Ctrl+↑/↓ page through documents and Ctrl+Enter confirms, wherever the focus is', () => {
    const a = actions()
    const { getByLabelText } = render(<Keys actions={a} />)
    fireEvent.keyDown(window, { key: 'ArrowDown', ctrlKey: true })
    fireEvent.keyDown(window, { key: 'ArrowUp', ctrlKey: true })
    fireEvent.keyDown(getByLabelText('text'), { key: 'Enter', ctrlKey: true })
    expect(a.next).toHaveBeenCalledTimes(1)
    expect(a.previous).toHaveBeenCalledTimes(1)
    expect(a.confirmAndNext).toHaveBeenCalledTimes(1)
    // Plain arrows and Shift+Ctrl are left to the page.
    fireEvent.keyDown(window, { key: 'ArrowDown' })
    fireEvent.keyDown(window, { key: 'ArrowDown', ctrlKey: true, shiftKey: true })
    expect(a.next).toHaveBeenCalledTimes(1)
  })

  it('`a` and `?` act outside text fields only, and nothing acts while a dialog is open', () => {
    const a = actions()
    const { getByLabelText, getByRole } = render(<Keys actions={a} />)
    fireEvent.keyDown(getByLabelText('text'), { key: 'a' })
    fireEvent.keyDown(getByLabelText('text'), { key: '?' })
    expect(a.jumpToAttention).not.toHaveBeenCalled()
    expect(a.help).not.toHaveBeenCalled()
    fireEvent.keyDown(getByRole('button'), { key: 'a' })
    fireEvent.keyDown(getByRole('button'), { key: '?' })
    expect(a.jumpToAttention).toHaveBeenCalledTimes(1)
    expect(a.help).toHaveBeenCalledTimes(1)
    const dialog = document.createElement('div')
    dialog.setAttribute('role', 'dialog')
    document.body.append(dialog)
    fireEvent.keyDown(window, { key: 'ArrowDown', ctrlKey: true })
    expect(a.next).not.toHaveBeenCalled()
    dialog.remove()
  })
})
