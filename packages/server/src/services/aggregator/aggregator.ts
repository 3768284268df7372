import { viewPermissions } from '@portal/sdk/domain'
import { aggregatorDescriptor, type AggregatorQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { registerService } from '../shared/register'
import { AggregatorService } from './aggregator.class'

/** Registers the aggregator; needs the company of query.client_no, and `lar` for the outgoing views. */
export function configureAggregatorService(app: Application): void {
  registerService(app, aggregatorDescriptor, new AggregatorService(app.get('knex')), {
    target: (context) => {
      const query = context.params.query as AggregatorQuery
      return { companyNo: query.client_no, requires: viewPermissions(query.type) }
    },
  })
}
