import type { Knex } from 'knex'
import { BadRequest } from '@feathersjs/errors'
import { errorData } from '@portal/sdk/errors'
import type { Scanner, ScannerPatch, ScannersQuery } from '@portal/sdk/services'
import type { PortalParams } from '../../hooks/guard'
import { forbidden } from '../../policies/index'
import { appendAudit } from '../../models/audit-log'
import { listScanners, loadScanner, setScannerUsers, updateScanner, usersByEmail } from '../../models/scanners'
import { actorOf } from '../../models/users'

/** The portal user ids of a scanner's assigned users, or a 400 naming the addresses no user has. */
export async function assignedUserIds(db: Knex, emails: readonly string[]): Promise<string[]> {
  const { ids, unknown } = await usersByEmail(db, emails)
  if (unknown.length > 0) {
    throw new BadRequest(`No portal user has the e-mail address ${unknown.join(', ')}`, errorData('scanners:errors.unknownUsers', { field: 'users', emails: unknown.join(', ') }))
  }
  return ids
}

/** The scanner manager's list and changes (location, company, assigned users, activation). */
export class ScannersService {
  constructor(private readonly knex: Knex) {}

  /** The scanners of the caller's companies (of query.client when given), by location. */
  async find(params: PortalParams = {}): Promise<Scanner[]> {
    const { client } = (params.query ?? {}) as ScannersQuery
    if (client !== undefined && params.companies && !params.companies.includes(client)) throw forbidden()
    return listScanners(this.knex, { companyNo: client, companies: params.companies })
  }

  /** Changes one scanner in one transaction, audited; deactivating refuses its uploads from the next call on. */
  async patch(id: number | string, data: ScannerPatch, params: PortalParams = {}): Promise<Scanner> {
    const scannerId = Number(id)
    await this.knex.transaction(async (trx) => {
      const before = (await listScanners(trx, { id: scannerId }))[0]
      if (!before) throw forbidden()
      const { users, ...columns } = data
      if (Object.keys(columns).length > 0) await updateScanner(trx, scannerId, columns)
      if (users !== undefined) await setScannerUsers(trx, scannerId, await assignedUserIds(trx, users))
      const verb = data.activated === false ? 'deactivate' : data.activated === true ? 'activate' : 'change'
      const was = { location: before.location, company_no: before.company_no, activated: before.activated, users: before.users.map((user) => user.email) }
      const changed = Object.keys(data) as (keyof typeof was)[]
      await appendAudit(trx, [
        {
          actor: await actorOf(trx, params.user),
          action: `scanner.${verb}`,
          entity: 'scanner',
          targetId: String(scannerId),
          targetLabel: before.location,
          companyNo: data.company_no ?? before.company_no,
          before: Object.fromEntries(changed.map((field) => [field, was[field]])),
          after: { ...data },
        },
      ])
    })
    const scanner = await loadScanner(this.knex, scannerId)
    if (!scanner) throw forbidden()
    return scanner
  }
}
