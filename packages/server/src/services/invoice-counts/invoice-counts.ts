import { invoiceCountsDescriptor, type InvoiceCountsQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { InvoiceCountsService } from './invoice-counts.class'

/** Registers invoice-counts; needs the company of query.client_no. */
export function configureInvoiceCountsService(app: Application): void {
  registerService(app, invoiceCountsDescriptor, new InvoiceCountsService(app.get('knex')), {
    target: (context) => ({ companyNo: (context.params.query as InvoiceCountsQuery).client_no }),
  })
}
