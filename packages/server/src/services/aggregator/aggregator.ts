import { aggregatorDescriptor, type AggregatorQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { AggregatorService } from './aggregator.class'

/** Registers the aggregator; needs the company of query.client_no. */
export function configureAggregatorService(app: Application): void {
  registerService(app, aggregatorDescriptor, new AggregatorService(app.get('knex')), {
    target: (context) => ({ companyNo: (context.params.query as AggregatorQuery).client_no }),
  })
}
