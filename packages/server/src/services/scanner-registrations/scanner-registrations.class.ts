import type { Knex } from 'knex'
import { scannersPath, type ScannerRegistration, type ScannerTokenAnswer } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { forbidden } from '../../policies/index'
import { appendAudit } from '../../models/audit-log'
import { hashScannerToken, insertScanner, loadScanner, newScannerToken, setScannerUsers } from '../../models/scanners'
import { actorOf } from '../../models/users'
import { assignedUserIds } from '../scanners/scanners.class'

/** Registers a scanner: the scanner, its assigned users and the hash of its first token in one transaction. */
export class ScannerRegistrationsService {
  constructor(private readonly app: Application) {}

  /** Answers the new scanner and its token; the token is shown here once and never again. */
  async create(data: ScannerRegistration, params: PortalParams = {}): Promise<ScannerTokenAnswer> {
    const knex: Knex = this.app.get('knex')
    const token = newScannerToken()
    const id = await knex.transaction(async (trx) => {
      const company = await trx('companies').where({ company_no: data.company_no }).first('company_no')
      if (!company) throw forbidden()
      const userIds = await assignedUserIds(trx, data.users ?? [])
      const scannerId = await insertScanner(trx, { location: data.location.trim(), company_no: data.company_no, token_hash: hashScannerToken(token) })
      await setScannerUsers(trx, scannerId, userIds)
      const after = { location: data.location.trim(), company_no: data.company_no, users: data.users ?? [] }
      await appendAudit(trx, [
        { actor: await actorOf(trx, params.user), action: 'scanner.register', entity: 'scanner', targetId: String(scannerId), targetLabel: after.location, companyNo: data.company_no, after },
      ])
      return scannerId
    })
    const scanner = (await loadScanner(knex, id))!
    // The list learns of it without the token (this service publishes nothing).
    this.app.service(scannersPath).emit('created', scanner)
    return { scanner, token }
  }
}
