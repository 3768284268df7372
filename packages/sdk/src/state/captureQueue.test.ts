import { describe, expect, it } from 'vitest'
import {
  afterAnswer,
  afterFailure,
  alreadyThere,
  captureFileName,
  holdsFile,
  movePage,
  nextCapture,
  recoverCaptures,
  startSending,
  type CaptureEntry,
} from './captureQueue'

const entry = (id: string, createdAt: string, change: Partial<CaptureEntry> = {}): CaptureEntry => ({
  id,
  owner: 'u1',
  companyNo: 1002,
  note: '',
  fileName: `${id}.pdf`,
  pages: 1,
  createdAt,
  sha256: 'a'.repeat(64),
  state: 'waiting',
  tries: 0,
  ...change,
})

describe('the capture queue', () => {
  it('sends the oldest waiting capture of the signed-in user, one at a time, and nothing while offline', () => {
    const a = entry('a', '2026-11-28T10:00:00Z')
    const b = entry('b', '2026-11-28T09:00:00Z')
    const other = entry('c', '2026-11-28T08:00:00Z', { owner: 'u2' })
    expect(nextCapture([a, b, other], 'u1', true)?.id).toBe('b')
    expect(nextCapture([a, b, other], 'u1', false)).toBeUndefined()
    expect(nextCapture([a, startSending(b)], 'u1', true)).toBeUndefined()
    expect(nextCapture([{ ...a, state: 'sent' }], 'u1', true)).toBeUndefined()
  })

  it('turns answers into states; a failed try waits again with its reason; the file stays only until the firm has it', () => {
    const sending = startSending(entry('a', '2026-11-28T10:00:00Z'))
    expect(sending).toMatchObject({ state: 'sending', tries: 1 })
    expect(afterAnswer(sending, { status: 'uploaded', documentId: 7 })).toMatchObject({ state: 'sent', documentId: 7 })
    expect(afterAnswer(sending, { status: 'exists', documentId: 3 })).toMatchObject({ state: 'exists', documentId: 3 })
    expect(afterAnswer(sending, { status: 'refused', error: { key: 'documents:refusal.brokenPdf', params: { file: 'x' } } })).toMatchObject({
      state: 'refused',
      problem: { key: 'documents:refusal.brokenPdf' },
    })
    const failed = afterFailure(sending, { key: 'errors:document.uploadFailed', params: {} })
    expect(failed).toMatchObject({ state: 'waiting', tries: 1, problem: { key: 'errors:document.uploadFailed' } })
    expect(alreadyThere(failed, 9)).toMatchObject({ state: 'exists', documentId: 9, problem: undefined })
    expect(['waiting', 'sending', 'sent', 'exists', 'refused'].map((s) => holdsFile(s as CaptureEntry['state']))).toEqual([true, true, false, false, false])
  })

  it('lets a capture that was on its way when the app closed wait again', () => {
    const list = recoverCaptures([startSending(entry('a', '2026-11-28T10:00:00Z')), entry('b', '2026-11-28T10:00:00Z', { state: 'sent' })])
    expect(list.map((e) => e.state)).toEqual(['waiting', 'sent'])
  })

  it('names the file by the capture time and reorders pages', () => {
    expect(captureFileName(new Date(2026, 0, 5, 9, 7, 3))).toBe('receipt-20260105-090703.pdf')
    expect(movePage(['p1', 'p2', 'p3'], 2, 0)).toEqual(['p3', 'p1', 'p2'])
    expect(movePage(['p1', 'p2'], 0, 5)).toEqual(['p1', 'p2'])
  })
})
