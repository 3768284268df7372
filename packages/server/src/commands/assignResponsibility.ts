import { isFirmStaff } from '@portal/sdk/domain'
import type { ResponsibilityAssign, ResponsibilityAssigned, SessionUser } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { appendAudit } from '../models/audit-log'
import { assignStaff, companiesOfStaff, enabledUserAccess, responsibilitiesOf } from '../models/responsibility'
import { existingCompanies } from '../models/user-admin'
import { actorOf } from '../models/users'
import { fieldError } from './userRules'

/** Props of assignResponsibility. */
export interface AssignResponsibilityProps {
  app: Application
  caller: SessionUser
  data: ResponsibilityAssign
}

/**
 * Makes one staff member (or nobody) responsible for the listed companies, or for every company of `fromStaffId`
 * (a leaving colleague's clients): one transaction, one audit entry per company that changes.
 */
export async function assignResponsibility(props: AssignResponsibilityProps): Promise<ResponsibilityAssigned> {
  const { app, data } = props
  const db = app.get('knex')
  if (!data.companyNos && !data.fromStaffId) throw fieldError('companyNos', { key: 'validation:required' })
  if (data.staffId) {
    const candidate = await enabledUserAccess(db, data.staffId)
    if (!candidate) throw fieldError('staffId', { key: 'users:rule.unknownStaff' })
    if (!isFirmStaff(candidate)) throw fieldError('staffId', { key: 'users:rule.notFirmStaff' })
  }
  const companies = data.companyNos ?? (await companiesOfStaff(db, data.fromStaffId!))
  const found = await existingCompanies(db, companies)
  const missing = companies.filter((no) => !found.has(no))
  if (missing.length > 0) throw fieldError('companyNos', { key: 'errors:query.unknownCompany', params: { companies: missing.join(', ') } })
  const actor = await actorOf(db, props.caller)
  await db.transaction(async (trx) => {
    const before = await responsibilitiesOf(trx, companies)
    const changing = before.filter((row) => row.staffId !== data.staffId)
    await assignStaff(
      trx,
      changing.map((row) => row.companyNo),
      data.staffId,
    )
    const after = new Map((await responsibilitiesOf(trx, changing.map((row) => row.companyNo))).map((row) => [row.companyNo, row]))
    await appendAudit(
      trx,
      changing.map((row) => ({
        actor,
        action: 'responsibility.assign',
        entity: 'responsibility',
        targetId: String(row.companyNo),
        targetLabel: row.companyName,
        companyNo: row.companyNo,
        before: { staffId: row.staffId, staffEmail: row.staffEmail },
        after: { staffId: data.staffId, staffEmail: after.get(row.companyNo)?.staffEmail ?? null },
      })),
    )
  })
  return { changed: await responsibilitiesOf(db, companies) }
}
