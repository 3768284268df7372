import { describe, expect, it } from 'vitest'
import { detailLines, tableLines } from './table'

describe('tableLines', () => {
  it('prints headers and rows in aligned columns', () => {
    const lines = tableLines(
      [
        { key: 'number', header: 'Number' },
        { key: 'name', header: 'Name' },
      ],
      [
        { number: '1001', name: 'Alpenblick Hotel GmbH' },
        { number: '7', name: 'Weinbau Huber' },
      ],
    )
    expect(lines).toEqual(['Number  Name', '1001    Alpenblick Hotel GmbH', '7       Weinbau Huber'])
  })

  it('never runs two columns together, however wide the cells (issue 38: "ClientsEnabledLast sign-in")', () => {
    const lines = tableLines(
      [
        { key: 'clients', header: 'Clients' },
        { key: 'enabled', header: 'Enabled' },
        { key: 'from', header: 'From' },
        { key: 'to', header: 'To' },
      ],
      [{ clients: '1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008', enabled: 'yes', from: '2026-10-15', to: '2026-10-15' }],
    )
    expect(lines[0]).toMatch(/^Clients\s{2,}Enabled\s{2,}From\s{2,}To$/)
    expect(lines[1]).toContain('2026-10-15  2026-10-15')
    expect(lines[1].indexOf('yes')).toBe(lines[0].indexOf('Enabled'))
  })

  it('aligns by display width, not UTF-16 length', () => {
    const lines = tableLines(
      [
        { key: 'a', header: 'Ort' },
        { key: 'b', header: 'Name' },
      ],
      [{ a: 'Wörgl', b: 'x' }, { a: '東京', b: 'y' }],
    )
    expect(lines[1].indexOf('x')).toBe(7)
    // 東京 takes four cells in a terminal but two UTF-16 units: one blank pads it to the five of Wörgl.
    expect(lines[2].indexOf('y')).toBe(5)
  })
})

describe('detailLines', () => {
  it('aligns the values after the longest label', () => {
    expect(detailLines([{ label: 'E-Mail', value: 'a@b.at' }, { label: 'Berechtigungen', value: 'doc' }])).toEqual([
      'E-Mail          a@b.at',
      'Berechtigungen  doc',
    ])
  })
})
