import type { Knex } from 'knex'
import { validateFonUser } from '@portal/sdk/domain'
import type { FonSettings, FonSettingsPatch } from '@portal/sdk/services'
import { loadFonSettings, saveFonSettings } from '../../models/fon-settings'
import { badRequest } from '../../policies/index'

/** The firm's FON user (SPEC §5 FON user form); the PIN goes in and never comes out. */
export class FonSettingsService {
  constructor(private readonly knex: Knex) {}

  /** The FON user (any id: there is one). */
  async get(): Promise<FonSettings> {
    return loadFonSettings(this.knex)
  }

  /** Saves the form: participant id not empty and a number, user id not empty; refused naming the field and the rule. */
  async patch(_id: number | string, data: FonSettingsPatch): Promise<FonSettings> {
    const current = await loadFonSettings(this.knex)
    const fields = { participantId: (data.participantId ?? current.participantId).trim(), userId: (data.userId ?? current.userId).trim() }
    const problems = validateFonUser(fields)
    for (const [field, problem] of Object.entries(problems)) {
      throw badRequest(`Field "${field}": ${problem!.key}`, problem!.key, { field, rule: problem!.key.replace(/^validation:/, '') })
    }
    await saveFonSettings(this.knex, { ...fields, pin: data.pin?.trim() || undefined, twoFactor: data.twoFactor ?? current.twoFactor })
    return loadFonSettings(this.knex)
  }
}
