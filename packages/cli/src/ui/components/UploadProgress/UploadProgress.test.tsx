import { describe, expect, it } from 'vitest'
import { render } from 'ink-testing-library'
import { createTranslator } from '../../../i18n'
import { UploadProgress } from './UploadProgress'

describe('UploadProgress', () => {
  it('shows each file with its result and the total in bytes and files', () => {
    const { lastFrame } = render(
      <UploadProgress
        t={createTranslator('en')}
        progress={{
          totalBytes: 3 * 1024 * 1024,
          sentBytes: 2 * 1024 * 1024,
          doneFiles: 1,
          files: [
            { label: 'a.pdf', size: 1024 * 1024, sent: 1024 * 1024, outcome: { file: 'a.pdf', sha256: 'x', status: 'uploaded', documentId: 5 } },
            { label: 'b.pdf', size: 2 * 1024 * 1024, sent: 1024 * 1024 },
          ],
        }}
      />,
    )
    expect(lastFrame()).toMatch(/✓.*a\.pdf uploaded/)
    expect(lastFrame()).toContain('b.pdf')
    expect(lastFrame()).toMatch(/Total .*2\.0 MB \/ 3\.0 MB 1\/2 files/)
  })
})
