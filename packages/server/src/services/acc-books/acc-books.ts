import { accBooksMethods, accBooksPath, accBooksQuerySchema, type AccBooksQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { AccBooksService } from './acc-books.class'

/** Registers acc-books; needs the company of query.client. */
export function configureAccBooksService(app: Application): void {
  registerService(app, accBooksPath, new AccBooksService(app.get('knex')), accBooksMethods, {
    query: accBooksQuerySchema,
    target: (context) => ({ companyNo: (context.params.query as AccBooksQuery).client }),
  })
}
