import type { Reason } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { loadIntakeSettings, type IntakeSettingsRow } from '../../models/intake'
import { companyOfIntakeAddress } from './address'

/** Whether mail to an address is taken in: the company and its settings, or the reason it is not. */
export type IntakeGate = { open: true; companyNo: number; settings: IntakeSettingsRow } | { open: false; companyNo: number | null; reason: Reason }

/** Opens for an intake address of an existing company whose intake is on; anything else is an unknown address. */
export async function intakeGate(app: Application, recipient: string): Promise<IntakeGate> {
  const companyNo = companyOfIntakeAddress(app.get('config').mailIntake, recipient)
  const settings = companyNo === undefined ? undefined : await loadIntakeSettings(app.get('knex'), companyNo)
  // A company whose intake is off answers like an address that does not exist: nothing about it is revealed.
  if (!settings?.enabled) return { open: false, companyNo: settings ? settings.company_no : null, reason: { key: 'scanners:mail.unknownAddress', params: { address: recipient } } }
  return { open: true, companyNo: settings.company_no, settings }
}
