import { describe, expect, it, vi } from 'vitest'
import type { PaymentProposal, PaymentRunData } from '@portal/sdk/services'
import { runPortal } from '../../main'
import { testDeps } from '../../test/memory-io'

// The verbs against a stand-in service: the signed-in connection is replaced, what the verbs ask and print is real.
const created: PaymentRunData[] = []
const proposal: PaymentProposal = {
  company_no: 1001,
  execution_date: '2026-03-02',
  days: 14,
  items: [{ id: 11, account: 330001, partner_name: 'Holzbau Maier', document_number: 'RE-1', due_date: '2026-03-10', discount_due_date: null, open: '1000.00', amount: '1000.00', discount: '0.00', has_iban: true }],
  credit_notes: [
    { id: 41, account: 330001, partner_name: 'Holzbau Maier', document_number: 'GS-7', amount: '-150.00' },
    { id: 42, account: 330001, partner_name: 'Holzbau Maier', document_number: null, amount: '-50.00' },
  ],
  total: '1000.00',
}
vi.mock('../session/with-portal', () => ({
  withPortal: async <T>(_ctx: unknown, work: (client: unknown) => Promise<T>) =>
    work({
      service: (path: string) => ({
        find: async () => (path === 'payment-proposals' ? proposal : []),
        create: async (data: PaymentRunData) => {
          created.push(data)
          return { id: 5, count: 1, total: '800.00', status: 'created', release_required: true, file_name: 'lauf-5.xml' }
        },
      }),
    }),
}))

async function portal(args: string[], lang = 'en') {
  const { deps, stdout, stderr } = testDeps({ LANG: lang === 'de' ? 'de_AT.UTF-8' : 'en_US.UTF-8' })
  const code = await runPortal(['node', 'portal', ...args], deps)
  return { code, stdout: stdout.text, stderr: stderr.text }
}

describe('portal payments with credit notes', () => {
  it('propose lists the credit notes to set off in its table (German) and in --json', async () => {
    const table = await portal(['payments', 'propose', '--client', '1001'], 'de')
    expect(table.code).toBe(0)
    expect(table.stdout).toContain('Gutschriften zum Verrechnen')
    expect(table.stdout).toMatch(/41\s+Holzbau Maier\s+GS-7\s+-150,00/)
    expect(table.stdout).toMatch(/42\s+Holzbau Maier\s+Beleg 42\s+-50,00/)
    const json = await portal(['payments', 'propose', '--client', '1001', '--json'])
    expect(JSON.parse(json.stdout).credit_notes.map((credit: { id: number; amount: string }) => [credit.id, credit.amount])).toEqual([[41, '-150.00'], [42, '-50.00']])
  })

  it('create sends --credit-notes as credit_note_ids, one transfer per supplier unless told otherwise', async () => {
    created.length = 0
    expect((await portal(['payments', 'create', '--client', '1001', '--items', '11', '--credit-notes', '41,42', '--date', '2099-03-02'])).code).toBe(0)
    expect((await portal(['payments', 'create', '--client', '1001', '--proposed', '--credit-notes', '41', '--grouping', 'invoice', '--date', '2099-03-02'])).code).toBe(0)
    expect(created).toEqual([
      { company_no: 1001, open_item_ids: [11], execution_date: '2099-03-02', grouping: 'supplier', credit_note_ids: [41, 42] },
      { company_no: 1001, open_item_ids: [11], execution_date: '2099-03-02', grouping: 'invoice', credit_note_ids: [41] },
    ])
  })

  it('refuses a credit note list that is no list of numbers, and explains --credit-notes in both languages', async () => {
    created.length = 0
    const bad = await portal(['payments', 'create', '--client', '1001', '--items', '11', '--credit-notes', '41,GS-7'], 'de')
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain('41,GS-7 ist keine Liste von Nummern.')
    expect(created).toEqual([])
    const help = async (lang: string) => (await portal(['payments', 'create', '--help'], lang)).stdout.replace(/\s+/g, ' ')
    expect(await help('en')).toContain("--credit-notes <ids> credit notes to set off against the same suppliers' invoices")
    expect(await help('de')).toContain('--credit-notes <ids> Gutschriften, die mit Rechnungen derselben Lieferanten verrechnet werden')
  })
})
