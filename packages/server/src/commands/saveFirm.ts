import { validateFirm } from '@portal/sdk/domain'
import type { Firm, FirmPatch } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { appendAudit } from '../models/audit-log'
import { loadFirm, lockFirm, saveFirm as writeFirm } from '../models/firm'
import type { Actor } from '../models/users'
import { badRequest } from '../policies/index'
import { sealSecret } from '../security/secret-box'

/** Props of saveFirm. */
export interface SaveFirmProps {
  app: Application
  data: FirmPatch
  actor: Actor
}

/**
 * Saves the tax firm (SPEC §5 firm form: every field required, the NTCS id a number). The WEBEKU password is
 * write-only: empty keeps the stored one, a new one is sealed with AES-256-GCM before it reaches the database; the
 * first save needs one. The audit entry names the changed fields and whether the password changed, never its value.
 */
export async function saveFirm({ app, data, actor }: SaveFirmProps): Promise<Firm> {
  const fields = { name: data.name.trim(), ntcsId: data.ntcsId.trim(), webekuUser: data.webekuUser.trim() }
  for (const [field, problem] of Object.entries(validateFirm(fields))) {
    throw badRequest(`Firm could not be saved: field "${field}": ${problem!.key}`, 'admin:firm.fieldRefused', { field, rule: problem!.key, ruleKey: problem!.key })
  }
  const password = data.webekuPassword ?? ''
  const sealedPassword = password === '' ? undefined : await sealSecret(app.get('config').dataDir, password)
  const knex = app.get('knex')
  await knex.transaction(async (trx) => {
    const current = await lockFirm(trx)
    if (!current?.webeku_password_sealed && !sealedPassword) {
      throw badRequest('Firm could not be saved: field "webekuPassword": required', 'admin:firm.fieldRefused', { field: 'webekuPassword', rule: 'validation:required', ruleKey: 'validation:required' })
    }
    const next = { name: fields.name, ntcsId: Number(fields.ntcsId), webekuUser: fields.webekuUser }
    await writeFirm(trx, { ...next, sealedPassword })
    const was = current ? { name: current.name, ntcsId: Number(current.ntcs_id), webekuUser: current.webeku_user } : null
    const changed = Object.keys(next).filter((key) => !was || was[key as keyof typeof was] !== next[key as keyof typeof next])
    if (changed.length > 0 || sealedPassword) {
      const pick = (source: Record<string, unknown> | null) => (source ? Object.fromEntries(changed.map((key) => [key, source[key]])) : null)
      await appendAudit(trx, [
        {
          actor,
          action: current ? 'firm.change' : 'firm.create',
          entity: 'firm',
          targetId: 'firm',
          targetLabel: fields.name,
          before: pick(was),
          after: { ...pick(next), ...(sealedPassword ? { webekuPassword: 'changed' } : {}) },
        },
      ])
    }
  })
  return loadFirm(knex)
}
