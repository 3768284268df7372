import { fonQuotaDescriptor } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { FonQuotaService } from './fon-quota.class'

/** Registers fon-quota (adm): the quota overview of a year. */
export function configureFonQuotaService(app: Application): void {
  registerService(app, fonQuotaDescriptor, new FonQuotaService(app.get('knex')))
}
