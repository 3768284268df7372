import { describe, expect, it } from 'vitest'
import { DocumentStatus, DocumentType } from '@portal/sdk/domain'
import { activeFilterCount, listQuery, NO_FILTERS, readListParams, writeListParams } from './listQuery'
import { showsCashBook, viewOfParam, visibleViews } from './views'

describe('views', () => {
  it('offers outgoing views only with lar and the cash book only when the company shows it', () => {
    expect(visibleViews({ listOutgoing: false, showCashBook: false })).toEqual(['ER_U', 'ER', 'OtherDocuments', 'FullText', 'Trash'])
    expect(visibleViews({ listOutgoing: true, showCashBook: true })).toEqual(['ER_U', 'AR_U', 'ER', 'AR', 'KA', 'OtherDocuments', 'FullText', 'Trash'])
    expect(showsCashBook([{ company_no: 1, show_cash_book: true, small_business: false, use_gross_amounts: false, cash_basis: false }])).toBe(true)
    expect(showsCashBook(undefined)).toBe(false)
  })

  it('reads the route parameter of a view, and nothing for an unknown one', () => {
    expect(viewOfParam('ar_u')).toBe(DocumentType.AR_U)
    expect(viewOfParam('fulltext')).toBe(DocumentType.FullText)
    expect(viewOfParam('nonsense')).toBeUndefined()
    expect(viewOfParam(undefined)).toBeUndefined()
  })
})

describe('list query', () => {
  it('sends the filters the way the aggregator takes them', () => {
    const query = listQuery(1001, DocumentType.ER_U, 'grossDesc', 200, {
      ...NO_FILTERS,
      dateFrom: '2026-01-01',
      dateTo: '2026-03-31',
      partner: ' Telekom ',
      amountMin: '1.234,5',
      amountMax: 'lots',
      status: 'ERPError',
    })
    expect(query).toEqual({
      client_no: 1001,
      type: 'ER_U',
      $limit: 200,
      $skip: 0,
      $sort: { total_gross: -1, id: -1 },
      date_from: '2026-01-01',
      date_to: '2026-03-31',
      party: 'Telekom',
      amount_min: '1234.50',
      status_has: DocumentStatus.ERPError,
    })
    // "Open": none of the status flags set.
    expect(listQuery(1001, DocumentType.ER, 'newest', 100, { ...NO_FILTERS, status: 'none' }).status_lacks).toBe(32927)
  })

  it('keeps sort and filters in the URL and reads them back; unknown values fall back', () => {
    const filters = { ...NO_FILTERS, partner: 'A1', status: 'Booked' as const }
    const search = writeListParams('dateAsc', filters, new URLSearchParams('q=kept'))
    expect(search.toString()).toBe('q=kept&sort=dateAsc&partner=A1&status=Booked')
    expect(readListParams(search)).toEqual({ sort: 'dateAsc', filters })
    expect(activeFilterCount(filters)).toBe(2)
    expect(readListParams(new URLSearchParams('sort=sideways&status=Nope'))).toEqual({ sort: 'newest', filters: NO_FILTERS })
  })
})
