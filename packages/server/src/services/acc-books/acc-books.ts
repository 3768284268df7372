import { accBooksDescriptor, type AccBooksQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { AccBooksService } from './acc-books.class'

/** Registers acc-books; needs the company of query.client. */
export function configureAccBooksService(app: Application): void {
  registerService(app, accBooksDescriptor, new AccBooksService(app.get('knex')), {
    target: (context) => ({ companyNo: (context.params.query as AccBooksQuery).client }),
  })
}
