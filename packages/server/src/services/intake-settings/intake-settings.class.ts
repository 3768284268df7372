import type { IntakeSettings, IntakeSettingsPatch, IntakeSettingsQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { forbidden } from '../../policies/index'
import { loadIntakeSettings, saveIntakeSettings, type IntakeSettingsRow } from '../../models/intake'
import { appendAudit, changedValues } from '../../models/audit-log'
import { actorOf } from '../../models/users'
import { intakeAddressOf } from '../../intake/mail/address'

/** A company's e-mail intake: its address, on or off, and who may send. */
export class IntakeSettingsService {
  constructor(private readonly app: Application) {}

  private present(row: IntakeSettingsRow): IntakeSettings {
    const config = this.app.get('config').mailIntake
    return {
      company_no: row.company_no,
      address: intakeAddressOf(config, row.company_no),
      enabled: row.enabled,
      allowed_senders: row.allowed_senders,
      smtp: config.smtpPort !== undefined,
      imap: config.imapUrl !== undefined,
    }
  }

  /** Answers a list with the settings of query.client. */
  async find(params: PortalParams = {}): Promise<IntakeSettings[]> {
    const { client } = params.query as IntakeSettingsQuery
    const row = await loadIntakeSettings(this.app.get('knex'), client)
    if (!row) throw forbidden()
    return [this.present(row)]
  }

  /** Changes the intake of the company whose number is the id, audited with the changed settings before and after. */
  async patch(id: number | string, data: IntakeSettingsPatch, params: PortalParams = {}): Promise<IntakeSettings> {
    const companyNo = Number(id)
    const knex = this.app.get('knex')
    const changes = { ...data, ...(data.allowed_senders ? { allowed_senders: data.allowed_senders.map((sender) => sender.toLowerCase()) } : {}) }
    await knex.transaction(async (trx) => {
      const before = await loadIntakeSettings(trx, companyNo)
      if (!before) throw forbidden()
      await saveIntakeSettings(trx, companyNo, changes)
      const changed = changedValues<typeof changes>({ enabled: before.enabled, allowed_senders: before.allowed_senders }, changes)
      if (!changed) return
      await appendAudit(trx, [
        { actor: await actorOf(trx, params.user), action: 'intakeSettings.change', entity: 'intakeSettings', targetId: String(companyNo), targetLabel: intakeAddressOf(this.app.get('config').mailIntake, companyNo), companyNo, ...changed },
      ])
    })
    return this.present((await loadIntakeSettings(knex, companyNo))!)
  }
}
