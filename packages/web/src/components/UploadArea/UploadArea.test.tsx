import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import axe from 'axe-core'
import type { UploadItem } from '../../hooks/useUploads'
import { renderWithShell } from '../../test/render'
import { UploadArea } from './UploadArea'

const pdf = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' })

const items: UploadItem[] = [
  { key: 'a', name: 'waiting.pdf', state: 'waiting', percent: 0 },
  { key: 'b', name: 'half.pdf', state: 'uploading', percent: 50 },
  { key: 'c', name: 'new.pdf', state: 'finished', percent: 100, result: { file: 'new.pdf', status: 'uploaded', documentId: 7 } },
  {
    key: 'd',
    name: 'again.pdf',
    state: 'finished',
    percent: 100,
    result: {
      file: 'again.pdf',
      status: 'exists',
      documentId: 3,
      error: { key: 'errors:document.alreadyExists', params: { id: 3 }, message: 'Document already exists' },
    },
  },
  {
    key: 'e',
    name: 'notes.txt',
    state: 'finished',
    percent: 100,
    result: { file: 'notes.txt', status: 'refused', error: { key: 'documents:refusal.unsupportedType', params: { file: 'notes.txt' }, message: 'x' } },
  },
]

const rowOf = (name: string) => screen.getAllByTestId('upload-item').find((li) => li.textContent?.includes(name))!

describe('UploadArea', () => {
  it('hands every picked file over at once, from a button reachable by keyboard', () => {
    const onFiles = vi.fn()
    renderWithShell(<UploadArea items={[]} onFiles={onFiles} onClearFinished={() => {}} documentHref={(id) => `/doc/1001/${id}`} />)
    const button = screen.getByRole('button', { name: 'Choose files' })
    button.focus()
    expect(document.activeElement).toBe(button)
    const input = screen.getByTestId('upload-input') as HTMLInputElement
    expect(input.multiple).toBe(true)
    fireEvent.change(input, { target: { files: [pdf('a.pdf'), pdf('b.pdf')] } })
    expect(onFiles).toHaveBeenCalledTimes(1)
    expect(onFiles.mock.calls[0][0].map((f: File) => f.name)).toEqual(['a.pdf', 'b.pdf'])
  })

  it('takes files dropped on the drop zone', () => {
    const onFiles = vi.fn()
    renderWithShell(<UploadArea items={[]} onFiles={onFiles} onClearFinished={() => {}} documentHref={(id) => `/doc/1001/${id}`} />)
    const zone = screen.getByTestId('upload-drop-zone')
    const files = [pdf('x.pdf'), pdf('y.pdf'), pdf('z.pdf')]
    fireEvent.dragOver(zone, { dataTransfer: { types: ['Files'], files, dropEffect: 'none' } })
    expect(screen.getByText('Drop the files to upload them')).toBeTruthy()
    fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files } })
    expect(onFiles.mock.calls[0][0]).toHaveLength(3)
  })

  it('shows per-file progress and per-file results with links to the documents', () => {
    renderWithShell(<UploadArea items={items} onFiles={() => {}} onClearFinished={() => {}} documentHref={(id) => `/doc/1001/${id}`} />)
    expect(rowOf('waiting.pdf').textContent).toContain('Waiting…')
    expect(within(rowOf('half.pdf')).getByRole('progressbar', { name: 'Upload progress of half.pdf' }).getAttribute('aria-valuenow')).toBe('50')
    expect(rowOf('half.pdf').textContent).toContain('Uploading 50 %')
    expect(within(rowOf('new.pdf')).getByRole('link', { name: 'Open document' }).getAttribute('href')).toBe('/doc/1001/7')
    expect(rowOf('again.pdf').textContent).toContain('Document already exists')
    expect(within(rowOf('again.pdf')).getByRole('link', { name: 'Open the existing document' }).getAttribute('href')).toBe('/doc/1001/3')
    expect(rowOf('notes.txt').textContent).toContain('The file "notes.txt" is not a PDF, JPEG, PNG, TIFF or XML e-invoice.')
  })

  it('speaks German too', () => {
    renderWithShell(<UploadArea items={items} onFiles={() => {}} onClearFinished={() => {}} documentHref={(id) => `/doc/1001/${id}`} />, { lng: 'de' })
    expect(screen.getByRole('button', { name: 'Dateien auswählen' })).toBeTruthy()
    expect(rowOf('notes.txt').textContent).toContain('Die Datei „notes.txt“ ist weder PDF, JPEG, PNG, TIFF noch eine XML-E-Rechnung.')
  })

  it('has no accessibility violations', async () => {
    const { container } = renderWithShell(
      <UploadArea items={items} onFiles={() => {}} onClearFinished={() => {}} documentHref={(id) => `/doc/1001/${id}`} />,
    )
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  })
})
