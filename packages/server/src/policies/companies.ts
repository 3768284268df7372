import type { SessionUser } from '@portal/sdk/services'

/** The company numbers a user may see; klienten_array is already resolved (assigned, excluded or all). */
export function companiesOf(user: Pick<SessionUser, 'klienten_array'>): number[] {
  return [...user.klienten_array]
}

/** True when the user may see the company. */
export function hasCompany(user: Pick<SessionUser, 'klienten_array'>, companyNo: number): boolean {
  return user.klienten_array.includes(companyNo)
}
