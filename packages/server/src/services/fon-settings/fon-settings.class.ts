import type { Knex } from 'knex'
import { validateFonUser } from '@portal/sdk/domain'
import type { FonSettings, FonSettingsPatch } from '@portal/sdk/services'
import type { PortalParams } from '../../hooks/guard'
import { appendAudit, changedValues } from '../../models/audit-log'
import { loadFonSettings, lockFonSettings, saveFonSettings } from '../../models/fon-settings'
import { actorOf } from '../../models/users'
import { badRequest } from '../../policies/index'

/** The firm's FON user (SPEC §5 FON user form); the PIN goes in and never comes out. */
export class FonSettingsService {
  constructor(private readonly knex: Knex) {}

  /** The FON user (any id: there is one). */
  async get(): Promise<FonSettings> {
    return loadFonSettings(this.knex)
  }

  /**
   * Saves the form: participant id not empty and a number, user id not empty; refused naming the field and the rule.
   * The change and its audit entry are written in one transaction; the entry names the changed fields before and
   * after, and of the PIN only that a new one was entered.
   */
  async patch(_id: number | string, data: FonSettingsPatch, params: PortalParams = {}): Promise<FonSettings> {
    const actor = await actorOf(this.knex, params.user)
    await this.knex.transaction(async (trx) => {
      await lockFonSettings(trx)
      const current = await loadFonSettings(trx)
      const fields = { participantId: (data.participantId ?? current.participantId).trim(), userId: (data.userId ?? current.userId).trim() }
      const problems = validateFonUser(fields)
      for (const [field, problem] of Object.entries(problems)) {
        throw badRequest(`Field "${field}": ${problem!.key}`, problem!.key, { field, rule: problem!.key.replace(/^validation:/, '') })
      }
      const pin = data.pin?.trim() || undefined
      const next = { ...fields, twoFactor: data.twoFactor ?? current.twoFactor }
      await saveFonSettings(trx, { ...next, pin })
      const changes = changedValues({ participantId: current.participantId, userId: current.userId, twoFactor: current.twoFactor }, next)
      if (changes || pin) {
        await appendAudit(trx, [
          { actor, action: 'fonSettings.change', entity: 'fonSettings', targetId: 'fon', before: changes?.before ?? {}, after: { ...changes?.after, ...(pin ? { pin: 'changed' } : {}) } },
        ])
      }
    })
    return loadFonSettings(this.knex)
  }
}
