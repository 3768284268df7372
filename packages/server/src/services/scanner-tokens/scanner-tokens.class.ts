import { scannersPath, type AuditVerb, type Scanner, type ScannerTokenAnswer, type ScannerTokenRequest } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { forbidden } from '../../policies/index'
import { appendAudit } from '../../models/audit-log'
import { hashScannerToken, loadScanner, newScannerToken, updateScanner } from '../../models/scanners'
import { actorOf } from '../../models/users'

/** A scanner's token: issue a new one (rotate: the old one stops working at once) or revoke it. */
export class ScannerTokensService {
  constructor(private readonly app: Application) {}

  /** Rotates: answers the scanner and its new token, shown here once. */
  async create(data: ScannerTokenRequest, params: PortalParams = {}): Promise<ScannerTokenAnswer> {
    const token = newScannerToken()
    const scanner = await this.change(data.scanner_id, hashScannerToken(token), 'rotate', params)
    return { scanner, token }
  }

  /** Revokes: the scanner keeps its settings but has no valid token until one is issued (rotate). */
  async remove(id: number | string, params: PortalParams = {}): Promise<Scanner> {
    return this.change(Number(id), null, 'revoke', params)
  }

  private async change(scannerId: number, tokenHash: string | null, action: AuditVerb<'scanner'>, params: PortalParams): Promise<Scanner> {
    const knex = this.app.get('knex')
    await knex.transaction(async (trx) => {
      if (!(await updateScanner(trx, scannerId, { token_hash: tokenHash }))) throw forbidden()
      const scanner = (await loadScanner(trx, scannerId))!
      // Which token is never recorded: only that one was issued or revoked.
      await appendAudit(trx, [
        { actor: await actorOf(trx, params.user), action: `scanner.${action}`, entity: 'scanner', targetId: String(scannerId), targetLabel: scanner.location, companyNo: scanner.company_no },
      ])
    })
    const scanner = (await loadScanner(knex, scannerId))!
    this.app.service(scannersPath).emit('patched', scanner)
    return scanner
  }
}
