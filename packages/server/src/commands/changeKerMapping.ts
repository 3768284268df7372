import { BadRequest } from '@feathersjs/errors'
import { checkKerRanges } from '@portal/sdk/domain'
import { errorData } from '@portal/sdk/errors'
import type { KerMapping, KerMappingPatch, SessionUser } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { appendAudit } from '../models/audit-log'
import { firmKerRanges, firmOfCompany, kerRangesOf, saveFirmKerRanges } from '../models/ker'
import { actorOf } from '../models/users'
import { forbidden } from '../policies/index'

/**
 * An administrator changes the firm's KER mapping (the firm of the company named); the rules are checked first and a
 * refusal names the range and the rule. The change and its audit entry (before → after) are one transaction.
 */
export async function changeKerMapping(props: { app: Application; user?: SessionUser; companyNo: number; patch: KerMappingPatch }): Promise<KerMapping> {
  const knex = props.app.get('knex')
  const issues = checkKerRanges(props.patch.ranges)
  if (issues.length > 0) {
    const [first] = issues
    throw new BadRequest(`KER mapping refused: range ${first.index + 1} (${first.rule})`, errorData(`reports:${first.rule}`, { field: `ranges[${first.index}]`, range: first.index + 1, rule: first.rule }))
  }
  const actor = await actorOf(knex, props.user)
  return knex.transaction(async (trx) => {
    const firm = await firmOfCompany(trx, props.companyNo)
    if (!firm) throw forbidden()
    const before = await kerRangesOf(trx, firm.firmId)
    await saveFirmKerRanges(trx, firm.firmId, props.patch.ranges)
    const custom = (await firmKerRanges(trx, firm.firmId)) !== undefined
    const after = await kerRangesOf(trx, firm.firmId)
    await appendAudit(trx, [
      { actor, action: 'kerMapping.change', entity: 'ker-mappings', targetId: String(firm.firmId), companyNo: props.companyNo, before: { ranges: before }, after: { ranges: after } },
    ])
    return { company_no: props.companyNo, firm_id: firm.firmId, custom, ranges: [...after] }
  })
}
