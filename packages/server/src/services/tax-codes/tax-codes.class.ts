import type { Knex } from 'knex'
import { DEFAULT_TAX_CODE_TARGETS, TAX_CODES, isBmdSteuercode, isDatevBu } from '@portal/sdk/domain'
import type { TaxCodeLine, TaxCodePatch } from '@portal/sdk/services'
import type { PortalParams } from '../../hooks/guard'
import { badRequest } from '../../policies/index'
import { firmTaxCodeTargets, lockTaxCodeTable, setTaxCodeTarget, taxCodeChanges, taxCodeOverrides } from '../../models/tax-codes'
import { appendAudit, changedValues } from '../../models/audit-log'
import { actorOf } from '../../models/users'

/** The portal code named by a call's id, or a refusal naming the field. */
function knownCode(id: number | string): string {
  const code = String(id)
  if (!TAX_CODES.some((definition) => definition.code === code)) {
    throw badRequest(`Field "code": ${code} is not a tax code`, 'accounts:refusal.unknownTaxCode', { field: 'code', rule: 'taxCode', code })
  }
  return code
}

/** Refuses a BMD steuercode or DATEV BU-Schlüssel outside its range, naming the field and the rule. */
function checkedValues(data: TaxCodePatch): TaxCodePatch {
  if (typeof data.bmdSteuercode === 'string' && !isBmdSteuercode(data.bmdSteuercode.trim())) {
    throw badRequest('Field "bmdSteuercode" must be digits 0-99', 'accounts:refusal.bmdSteuercode', {
      field: 'bmdSteuercode',
      rule: 'digits0to99',
    })
  }
  if (typeof data.datevBu === 'string' && !isDatevBu(data.datevBu.trim())) {
    throw badRequest('Field "datevBu" must be digits 0-9999 or empty', 'accounts:refusal.datevBu', {
      field: 'datevBu',
      rule: 'digits0to9999',
    })
  }
  return {
    ...(data.bmdSteuercode !== undefined ? { bmdSteuercode: data.bmdSteuercode?.trim() ?? null } : {}),
    ...(data.datevBu !== undefined ? { datevBu: data.datevBu?.trim() ?? null } : {}),
  }
}

/** The firm's tax code table: the documented defaults with the firm's changes, each change recorded. */
export class TaxCodesService {
  constructor(private readonly knex: Knex) {}

  /** Every line, in the order of the portal's tax codes. */
  async find(): Promise<TaxCodeLine[]> {
    return this.lines(this.knex)
  }

  /** One line with its history. */
  async get(id: number | string): Promise<TaxCodeLine> {
    const code = knownCode(id)
    const line = (await this.lines(this.knex)).find((entry) => entry.code === code)!
    const history = (await taxCodeChanges(this.knex, code)).map((change) => ({
      at: change.changed_at,
      by: change.changed_by_name,
      oldBmdSteuercode: change.old_bmd_steuercode,
      oldDatevBu: change.old_datev_bu,
      newBmdSteuercode: change.new_bmd_steuercode,
      newDatevBu: change.new_datev_bu,
    }))
    return { ...line, history }
  }

  /**
   * Changes one line (null = back to the default), recording who changed what in the line's history and the audit log
   * (the changed values before and after); answers the line with its history.
   */
  async patch(id: number | string, data: TaxCodePatch, params: PortalParams = {}): Promise<TaxCodeLine> {
    const code = knownCode(id)
    const values = checkedValues(data)
    const actor = await actorOf(this.knex, params.user)
    await this.knex.transaction(async (trx) => {
      await lockTaxCodeTable(trx)
      const current = (await taxCodeOverrides(trx)).get(code)
      const change = await setTaxCodeTarget(
        trx,
        code,
        {
          bmdSteuercode: values.bmdSteuercode !== undefined ? values.bmdSteuercode : (current?.bmd_steuercode ?? null),
          datevBu: values.datevBu !== undefined ? values.datevBu : (current?.datev_bu ?? null),
        },
        actor,
      )
      const changes = change && changedValues(change.before, change.after)
      if (changes) await appendAudit(trx, [{ actor, action: 'taxCode.change', entity: 'taxCode', targetId: code, targetLabel: code, ...changes }])
    })
    return this.get(code)
  }

  private async lines(db: Knex): Promise<TaxCodeLine[]> {
    const [targets, overrides] = [await firmTaxCodeTargets(db), await taxCodeOverrides(db)]
    return TAX_CODES.map((definition, index) => {
      const target = targets[index]!
      const fallback = DEFAULT_TAX_CODE_TARGETS[index]!
      const override = overrides.get(definition.code)
      return {
        code: definition.code,
        side: definition.side,
        case: definition.case,
        rate: definition.rate,
        bmdSteuercode: target.bmdSteuercode,
        datevBu: target.datevBu,
        defaultBmdSteuercode: fallback.bmdSteuercode,
        defaultDatevBu: fallback.datevBu,
        defaultBmdSource: fallback.bmdSource,
        defaultDatevSource: fallback.datevSource,
        changed: target.bmdSteuercode !== fallback.bmdSteuercode || target.datevBu !== fallback.datevBu,
        updatedBy: override?.updated_by_name ?? null,
        updatedAt: override?.updated_at ?? null,
      }
    })
  }
}
