import { aggregatorMethods, aggregatorPath, aggregatorQuerySchema, type AggregatorQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { AggregatorService } from './aggregator.class'

/** Registers the aggregator; needs the company of query.client_no. */
export function configureAggregatorService(app: Application): void {
  registerService(app, aggregatorPath, new AggregatorService(app.get('knex')), aggregatorMethods, {
    query: aggregatorQuerySchema,
    target: (context) => ({ companyNo: (context.params.query as AggregatorQuery).client_no }),
  })
}
