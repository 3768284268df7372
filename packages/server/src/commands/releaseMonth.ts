import { Conflict } from '@feathersjs/errors'
import { viennaToday } from '@portal/sdk/domain'
import { releaseRefusal } from '@portal/sdk/state'
import type { MonthCheck, SessionUser } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { appendAudit } from '../models/audit-log'
import { monthChecks } from '../models/company-overview'
import { companyExists } from '../models/erp-settings'
import { insertRelease, lockCompanyMonth } from '../models/month-releases'
import { actorOf } from '../models/users'
import { badRequest, forbidden } from '../policies/index'

/** Props of releaseMonth and withdrawMonthRelease: who, which company and month, and the clock. */
export interface MonthReleaseProps {
  app: Application
  user?: SessionUser
  companyNo: number
  month: string
  /** Today in Vienna (tests pin it). */
  today?: string
}

/** The refusal of a release or withdrawal the SDK's rule gives, as a 409 naming the month. */
export function releaseConflict(key: string, month: string): Conflict {
  return new Conflict(`Month ${month}: ${key.slice(key.lastIndexOf('.') + 1)}`, { key, params: { field: 'month', month } })
}

/** The month check after a change, as its event carries it. */
export async function monthCheckOf(props: MonthReleaseProps, today: string): Promise<MonthCheck> {
  const [check] = await monthChecks(props.app.get('knex'), props.companyNo, [props.month], today)
  return check
}

/**
 * The client releases a month of a company ("everything is in"): refused when it is released already or lies in the
 * future; stored with its audit entry in one transaction, under the month's lock; then `created` on month-checks
 * (and so the dashboard's row) to the company's people.
 */
export async function releaseMonth(props: MonthReleaseProps): Promise<MonthCheck> {
  const knex = props.app.get('knex')
  const today = props.today ?? viennaToday()
  if (props.month > today.slice(0, 7)) {
    throw badRequest(`Field "month" must not lie in the future`, 'overview:error.futureMonth', { field: 'month', rule: 'notInFuture', month: props.month })
  }
  const actor = await actorOf(knex, props.user)
  await knex.transaction(async (trx) => {
    if (!(await companyExists(trx, props.companyNo))) throw forbidden()
    await lockCompanyMonth(trx, props.companyNo, props.month)
    const [check] = await monthChecks(trx, props.companyNo, [props.month], today)
    const refusal = releaseRefusal({ released: check.released !== null, exported: check.exported }, 'release')
    if (refusal) throw releaseConflict(refusal, props.month)
    await insertRelease(trx, props.companyNo, props.month, actor)
    await appendAudit(trx, [
      { actor, action: 'month.release', entity: 'month_releases', targetId: `${props.companyNo}-${props.month}`, companyNo: props.companyNo, before: { released: false }, after: { released: true, month: props.month } },
    ])
  })
  const check = await monthCheckOf(props, today)
  props.app.service('month-checks').emit('created', check)
  return check
}
