import { kerReportDescriptor, type KerReport, type KerReportQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { buildKerReport } from '../../commands/buildKerReport'
import { registerService } from '../shared/register'

/** The KER of a company's period against the prior year. */
export class KerReportService {
  constructor(private readonly app: Application) {}

  async find(params: PortalParams = {}): Promise<KerReport> {
    const query = params.query as KerReportQuery
    return buildKerReport(this.app.get('knex'), query)
  }
}

/** Registers ker-report: find concerns the query's company. */
export function configureKerReportService(app: Application): void {
  registerService(app, kerReportDescriptor, new KerReportService(app), {
    target: (context) => ({ companyNo: (context.params.query as KerReportQuery).client }),
  })
}
