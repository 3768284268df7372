import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { unzipSync } from 'fflate'
import { buildZip, writeBookingFile } from './index'
import { sampleInput } from './test-support'

const FIXTURES = fileURLToPath(new URL('../../../../tests/fixtures/erp/', import.meta.url))
const GOLDEN = { bmd: 'golden.bmd.csv', datev: 'golden.datev.csv', csv: 'golden.neutral.csv', json: 'golden.neutral.json' } as const

// UPDATE_GOLDEN=1 rewrites the files after an intended format change; review the diff before committing it.
describe('ERP booking files match their golden files byte for byte', () => {
  for (const format of ['bmd', 'datev', 'csv', 'json'] as const) {
    it(`${format}`, () => {
      const file = writeBookingFile(sampleInput(format), new Map([[1, 'documents/1.pdf']]))
      const path = `${FIXTURES}${GOLDEN[format]}`
      if (process.env.UPDATE_GOLDEN) writeFileSync(path, file.bytes)
      expect(Buffer.from(file.bytes).equals(readFileSync(path))).toBe(true)
      expect(file.lines).toBe(11)
    })
  }

  it('writes BMD and DATEV in Windows-1252 with CRLF lines, the neutral files in UTF-8', () => {
    const bmd = Buffer.from(writeBookingFile(sampleInput('bmd')).bytes)
    expect(bmd.includes(Buffer.from([0xfc]))).toBe(true) // ü of Büromaterial as one byte
    expect(bmd.toString('latin1').split('\r\n').length).toBe(13) // header, 11 rows, the empty end
    expect(bmd.toString('latin1')).not.toMatch(/[^\r]\n/)
    const csv = Buffer.from(writeBookingFile(sampleInput('csv')).bytes).toString('utf8')
    expect(csv).toContain('Büromaterial')
  })

  it('packs the same batch into the same ZIP bytes every time, in the given order', () => {
    const file = writeBookingFile(sampleInput('bmd'))
    const entries = [
      { name: file.name, bytes: file.bytes },
      { name: 'documents/1.pdf', bytes: new TextEncoder().encode('%PDF-1.4 one'), stored: true },
      { name: 'documents/2.pdf', bytes: new TextEncoder().encode('%PDF-1.4 two'), stored: true },
    ]
    const first = buildZip(entries)
    const second = buildZip(entries.map((entry) => ({ ...entry, bytes: new Uint8Array(entry.bytes) })))
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true)
    const unzipped = unzipSync(first)
    expect(Object.keys(unzipped)).toEqual(['buchungen-bmd.csv', 'documents/1.pdf', 'documents/2.pdf'])
    expect(new TextDecoder().decode(unzipped['documents/2.pdf'])).toBe('%PDF-1.4 two')
  })
})
