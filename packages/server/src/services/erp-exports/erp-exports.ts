import type { HookContext } from '@feathersjs/feathers'
import { erpExportsDescriptor, type ErpExportData, type ErpExportsQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { integerId } from '../../hooks/guard'
import { companyOfErpBatch } from '../../models/erp-exports'
import { NO_COMPANY } from '../../models/documents/read'
import { registerService } from '../shared/register'
import { ErpExportsService } from './erp-exports.class'

/** The company a call concerns: the query's or data's client, or the batch's (a missing batch is refused like a foreign one). */
async function targetOf(app: Application, context: HookContext): Promise<{ companyNo: number }> {
  if (context.method === 'find') return { companyNo: (context.params.query as ErpExportsQuery).client_no }
  if (context.method === 'create') return { companyNo: (context.data as ErpExportData).client_no }
  return { companyNo: (await companyOfErpBatch(app.get('knex'), integerId(context.id))) ?? NO_COMPANY }
}

/** Registers erp-exports; a dry run (the check) sends no `created` event, since nothing was created. */
export function configureErpExportsService(app: Application): void {
  registerService(app, erpExportsDescriptor, new ErpExportsService(app), { target: (context) => targetOf(app, context) })
  app.service(erpExportsDescriptor.path).hooks({
    after: {
      create: [
        (context: HookContext) => {
          if ((context.result as { dry_run?: boolean }).dry_run) context.event = null
        },
      ],
    },
  })
}
