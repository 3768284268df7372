import { kindPermissions, mentionsIn } from '@portal/sdk/domain'
import { can } from '@portal/sdk/services'
import type { Knex } from 'knex'
import { peopleOfCompany, type CompanyPerson } from '../../models/company-people'

/**
 * The people a comment's text mentions ("@First Last"): of those holding the document's company, only who may see
 * the document (doc, and the rights its kind asks for: an outgoing invoice's lar), so a mention never shows a
 * document to someone the policy would refuse it.
 */
export async function mentionedPeople(db: Knex | Knex.Transaction, props: { companyNo: number; documentType: string | null; text: string }): Promise<CompanyPerson[]> {
  const target = { companyNo: props.companyNo, recordRequires: kindPermissions(props.documentType) }
  const people = (await peopleOfCompany(db, props.companyNo)).filter((person) =>
    can({ permissions_array: person.permissions, klienten_array: [props.companyNo] }, 'document-comments', 'find', target),
  )
  const named = mentionsIn(props.text, people.map((person) => ({ keycloakId: person.keycloakId, name: person.name })))
  return people.filter((person) => named.some((mention) => mention.keycloakId === person.keycloakId))
}
