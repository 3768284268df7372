import type { SessionUser } from '@portal/sdk/services'

/**
 * The session user a machine delivers as (a scanner, the mail intake): it may upload documents of exactly one company
 * and nothing else, so intakeDocument's policy check holds for it like for a person. Its id names no portal user, so
 * the documents it brings in have no `created_by`.
 */
export function intakeUser(companyNo: number, who: { id: string; name: string }): SessionUser {
  return {
    keycloakId: who.id,
    email: '',
    firstName: who.name,
    lastName: '',
    locale: 'de',
    favClient: companyNo,
    permissions_array: ['doc'],
    klienten_array: [companyNo],
  }
}
