import { describe, expect, it } from 'vitest'
import { render } from 'ink-testing-library'
import { Table } from './Table'

describe('Table', () => {
  it('prints headers and rows in aligned columns', () => {
    const { lastFrame } = render(
      <Table
        columns={[
          { key: 'number', header: 'Number' },
          { key: 'name', header: 'Name' },
        ]}
        rows={[
          { number: '1001', name: 'Alpenblick Hotel GmbH' },
          { number: '7', name: 'Weinbau Huber' },
        ]}
      />,
    )
    const lines = lastFrame()!.split('\n')
    expect(lines[0]).toMatch(/^Number\s+Name/)
    expect(lines[1]).toMatch(/^1001\s+Alpenblick Hotel GmbH/)
    expect(lines[2].indexOf('Weinbau')).toBe(lines[1].indexOf('Alpenblick'))
  })
})
