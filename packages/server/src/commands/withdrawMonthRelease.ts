import { viennaToday } from '@portal/sdk/domain'
import { releaseRefusal } from '@portal/sdk/state'
import type { MonthCheck } from '@portal/sdk/services'
import { appendAudit } from '../models/audit-log'
import { monthChecks } from '../models/company-overview'
import { livingRelease, lockCompanyMonth, withdrawRelease } from '../models/month-releases'
import { actorOf } from '../models/users'
import { monthCheckOf, releaseConflict, type MonthReleaseProps } from './releaseMonth'

/**
 * Withdraws the release of a company's month: refused when the month is not released, or once the firm exported it to
 * the ERP (a batch not revoked covers it: the bookings are in the ERP, "everything is in" stands). Kept as withdrawn,
 * audited, then `removed` on month-checks to the company's people.
 */
export async function withdrawMonthRelease(props: MonthReleaseProps): Promise<MonthCheck> {
  const knex = props.app.get('knex')
  const today = props.today ?? viennaToday()
  const actor = await actorOf(knex, props.user)
  await knex.transaction(async (trx) => {
    await lockCompanyMonth(trx, props.companyNo, props.month)
    const release = await livingRelease(trx, props.companyNo, props.month)
    const [check] = await monthChecks(trx, props.companyNo, [props.month], today)
    const refusal = releaseRefusal({ released: release !== undefined, exported: check.exported }, 'withdraw')
    if (refusal || !release) throw releaseConflict(refusal ?? 'overview:error.notReleased', props.month)
    await withdrawRelease(trx, release.id, actor)
    await appendAudit(trx, [
      { actor, action: 'month.withdraw', entity: 'month_releases', targetId: `${props.companyNo}-${props.month}`, companyNo: props.companyNo, before: { released: true, month: props.month, released_by: release.released_by_name }, after: { released: false } },
    ])
  })
  const check = await monthCheckOf(props, today)
  props.app.service('month-checks').emit('removed', check)
  return check
}
