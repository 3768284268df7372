import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { buildMenu } from '@portal/sdk/state'
import { renderWithShell } from '../../test/render'
import { MenuList } from './MenuList'

const input = { client: 7, email: 'staff@demo.portal', docUrl: 'https://docs.example.at', provider: 'HP' }
const linkNames = () => screen.getAllByRole('link').map((link) => link.textContent?.replace(/\s+/g, ' ').trim())

describe('MenuList', () => {
  it('shows staff their entries in order, the e-mail for preferences and a red Accounting badge', () => {
    const entries = buildMenu({ ...input, permissions: ['doc', 'app', 'acc', 'rep', 'ded', 'ove', 'lab', 'exp'] })
    renderWithShell(<MenuList entries={entries} counts={{ invoices: 3, editor: 0 }} />, { path: '/invoices/7' })
    expect(linkNames()).toEqual([
      'Overview',
      'Accounting3 3 pending',
      'Unpaid items',
      'Reports',
      'Documents',
      'Requests',
      'Document editor',
      'Documentation (opens in a new tab)',
      'App info',
      'staff@demo.portal',
    ])
    expect(screen.getByRole('link', { name: /Accounting/ }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('link', { name: /Accounting/ }).getAttribute('href')).toBe('/invoices/7')
    expect(screen.getByRole('link', { name: /Documentation/ }).getAttribute('href')).toBe('https://docs.example.at?provider=HP')
  })

  it('hides the badge at 0 and shows no admin group without adm', () => {
    const entries = buildMenu({ ...input, permissions: ['doc', 'rep', 'app'] })
    renderWithShell(<MenuList entries={entries} counts={{ invoices: 0 }} />)
    expect(screen.queryByText('0')).toBeNull()
    expect(screen.queryByText('Admin')).toBeNull()
    expect(linkNames()).not.toContain('Overview')
  })

  it('groups the admin entries under Admin, in German too', () => {
    const entries = buildMenu({ ...input, permissions: ['adm', 'kca', 'ded'] })
    renderWithShell(<MenuList entries={entries} counts={{ editor: 2 }} />, { lng: 'de' })
    const group = screen.getByText('Administration').closest('li')!
    expect(within(group).getAllByRole('link').map((l) => l.textContent)).toEqual([
      'Klienteneinstellungen',
      'Adressen',
      'Bankfreigaben',
      'Zuständigkeiten',
      'Quotenüberwachung',
      'Benutzerverwaltung',
      'Scanner',
      'Beitragskonten',
    ])
    expect(screen.getByRole('link', { name: /Dokumenteneditor/ }).textContent).toContain('2 offen')
  })
})
