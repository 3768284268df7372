import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderHook, waitFor } from '@testing-library/react'
import { useDocumentPageImage } from './useDocumentPageImage'

const token = async () => 'id-token'

function stubBrowser(answer: (url: string) => Response) {
  const fetchMock = vi.fn(async (url: string) => answer(url))
  let next = 0
  const created: string[] = []
  const revoked: string[] = []
  vi.stubGlobal('fetch', fetchMock)
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    const url = `blob:page-${(next += 1)}`
    created.push(url)
    return url
  })
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url))
  return { fetchMock, created, revoked }
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('useDocumentPageImage', () => {
  it('fetches the page with the bearer token and revokes the object URL when the page changes', async () => {
    const { fetchMock, created, revoked } = stubBrowser(() => new Response(new Uint8Array([0x89, 0x50]), { headers: { 'content-type': 'image/png' } }))
    const { result, rerender, unmount } = renderHook(({ page }) => useDocumentPageImage(7, page, token), { initialProps: { page: 1 } })
    expect(result.current).toEqual({ kind: 'loading' })
    await waitFor(() => expect(result.current).toEqual({ kind: 'ready', url: 'blob:page-1' }))
    expect(fetchMock).toHaveBeenCalledWith('/api/documents/7/pages/1', expect.objectContaining({ headers: { authorization: 'Bearer id-token' } }))

    rerender({ page: 2 })
    // Page 1's image is not shown as page 2 while page 2 loads.
    expect(result.current).toEqual({ kind: 'loading' })
    expect(revoked).toEqual(['blob:page-1'])
    await waitFor(() => expect(result.current).toEqual({ kind: 'ready', url: 'blob:page-2' }))
    unmount()
    expect(revoked).toEqual(created)
  })

  it('answers the refusing status, and fetches nothing when disabled', async () => {
    const { fetchMock } = stubBrowser(() => new Response('{}', { status: 404 }))
    const { result } = renderHook(() => useDocumentPageImage(7, 3, token))
    await waitFor(() => expect(result.current).toEqual({ kind: 'failed', status: 404 }))
    fetchMock.mockClear()
    renderHook(() => useDocumentPageImage(7, 1, token, false))
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
