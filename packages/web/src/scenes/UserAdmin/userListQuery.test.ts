import { describe, expect, it } from 'vitest'
import { DEFAULT_USER_LIST, readUserListParams, USER_PAGE_SIZE, usersQuery, writeUserListParams } from './userListQuery'
import { readResponsibilityParams, responsibilityQuery, writeResponsibilityParams } from '../Responsibility/responsibilityQuery'

describe('the user list in the URL', () => {
  it('round-trips search, filters, order and page, and asks the server for exactly that page', () => {
    const params = { search: 'huber', permission: 'kca', client: 1002, enabled: 'no' as const, sort: 'lastName' as const, desc: true, page: 2 }
    const url = writeUserListParams(params)
    expect(url.toString()).toBe('q=huber&permission=kca&client=1002&enabled=no&sort=lastName&dir=desc&page=2')
    expect(readUserListParams(url)).toEqual(params)
    expect(usersQuery(params)).toEqual({
      search: 'huber',
      permission: 'kca',
      client: 1002,
      enabled: false,
      $limit: USER_PAGE_SIZE,
      $skip: 2 * USER_PAGE_SIZE,
      $sort: { lastName: -1, email: 1 },
    })
  })

  it('falls back to the default list for unknown values and leaves defaults out of the URL', () => {
    expect(readUserListParams(new URLSearchParams('permission=xyz&client=-4&enabled=maybe&sort=password&page=abc'))).toEqual(DEFAULT_USER_LIST)
    expect(writeUserListParams(DEFAULT_USER_LIST).toString()).toBe('')
    expect(usersQuery(DEFAULT_USER_LIST)).toEqual({ $limit: USER_PAGE_SIZE, $skip: 0, $sort: { email: 1 } })
  })
})

describe('the responsibility list in the URL', () => {
  it('filters by a staff member or the unassigned companies', () => {
    const staff = '6f1c2a40-1111-4222-8333-944455556666'
    expect(responsibilityQuery(readResponsibilityParams(new URLSearchParams(`staff=${staff}&q=bäck`)))).toEqual({ staffId: staff, search: 'bäck', $limit: 50, $skip: 0, $sort: { companyNo: 1 } })
    expect(responsibilityQuery(readResponsibilityParams(new URLSearchParams('staff=none&page=1')))).toMatchObject({ unassigned: true, $skip: 50 })
    expect(readResponsibilityParams(new URLSearchParams('staff=not-an-id')).staff).toBe('')
    expect(writeResponsibilityParams({ search: '', staff: 'none', page: 0 }).toString()).toBe('staff=none')
  })
})
