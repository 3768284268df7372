import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import type { AuditEntry } from '@portal/sdk/services'
import { fakePortalClient, renderSignedIn } from '../../test/session'
import { AuditLog } from './AuditLog'

const entry: AuditEntry = {
  id: 7,
  at: '2026-11-28T06:30:00.000Z',
  actorId: '00000000-0000-4000-8000-000000000001',
  actorName: 'Anna Huber',
  action: 'companySettings.change',
  entity: 'companySettings',
  targetId: '1003',
  targetLabel: 'Bäckerei Sonnleitner',
  companyNo: 1003,
  before: { use_gross_amounts: false },
  after: { use_gross_amounts: true },
}

describe('AuditLog', () => {
  it.each([
    ['en', 'changed company settings'],
    ['de', 'Klienteneinstellungen geändert'],
  ] as const)('names an administrative change in the reader’s language (%s), with who, for whom and what changed', async (lng, text) => {
    const { client } = fakePortalClient({ 'audit-log': { find: () => ({ total: 1, limit: 50, skip: 0, data: [entry] }) } })
    renderSignedIn(<AuditLog client={client} language={lng} onError={() => {}} />, { client, permissions: ['kca'], lng })
    const row = await screen.findByTestId('audit-entry')
    expect(row.textContent).toContain(text)
    expect(row.textContent).toContain('Anna Huber')
    expect(row.textContent).toContain('Bäckerei Sonnleitner')
    expect(row.textContent).toContain('use_gross_amounts: false → true')
  })
})
