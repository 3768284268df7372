import { describe, expect, it, vi } from 'vitest'
import { fireEvent, renderHook } from '@testing-library/react'
import { useUserAdminKeys, type UserAdminKeys } from './useUserAdminKeys'

function setup(enabled = true) {
  const keys: UserAdminKeys = {
    enabled,
    search: vi.fn(),
    create: vi.fn(),
    bulk: vi.fn(),
    selectAll: vi.fn(),
    previousPage: vi.fn(),
    nextPage: vi.fn(),
    clear: vi.fn(),
    help: vi.fn(),
  }
  renderHook(() => useUserAdminKeys(keys))
  return keys
}

describe('useUserAdminKeys', () => {
  it('runs the single-key shortcuts, also from a focused checkbox, but not while typing in a field', () => {
    const keys = setup()
    fireEvent.keyDown(document.body, { key: 'n' })
    fireEvent.keyDown(document.body, { key: ']' })
    fireEvent.keyDown(document.body, { key: '?' })
    expect(keys.create).toHaveBeenCalledTimes(1)
    expect(keys.nextPage).toHaveBeenCalledTimes(1)
    expect(keys.help).toHaveBeenCalledTimes(1)

    const box = document.body.appendChild(Object.assign(document.createElement('input'), { type: 'checkbox' }))
    fireEvent.keyDown(box, { key: 'b' })
    expect(keys.bulk).toHaveBeenCalledTimes(1)

    const text = document.body.appendChild(document.createElement('input'))
    fireEvent.keyDown(text, { key: 'n' })
    fireEvent.keyDown(text, { key: 'Escape' })
    fireEvent.keyDown(document.body, { key: 'n', ctrlKey: true })
    expect(keys.create).toHaveBeenCalledTimes(1)
    expect(keys.clear).not.toHaveBeenCalled()
    fireEvent.keyDown(document.body, { key: 'Escape' })
    expect(keys.clear).toHaveBeenCalledTimes(1)
    box.remove()
    text.remove()
  })

  it('does nothing while a dialog is open', () => {
    const keys = setup(false)
    fireEvent.keyDown(document.body, { key: 'n' })
    fireEvent.keyDown(document.body, { key: 'Escape' })
    expect(keys.create).not.toHaveBeenCalled()
    expect(keys.clear).not.toHaveBeenCalled()
  })
})
