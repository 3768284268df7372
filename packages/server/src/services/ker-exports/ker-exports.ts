import { viennaToday, MimeType } from '@portal/sdk/domain'
import { kerExportsDescriptor, type KerExportData, type KerExportFile } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { buildKerReport } from '../../commands/buildKerReport'
import { kerPdf } from '../../reports/kerPdf'
import { kerCsv, kerXlsx } from '../../reports/kerSheets'
import { registerService } from '../shared/register'

const MIME = {
  pdf: MimeType.pdf,
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const

/** The KER as a file: PDF for the client (with the firm's name), CSV or XLSX. */
export class KerExportsService {
  constructor(private readonly app: Application) {}

  async create(data: KerExportData, params: PortalParams = {}): Promise<KerExportFile> {
    const { format, locale: asked, ...query } = data
    const locale = asked ?? (params.user?.locale === 'en' ? 'en' : 'de')
    const report = await buildKerReport(this.app.get('knex'), query)
    const bytes = format === 'pdf' ? await kerPdf(report, locale, viennaToday()) : format === 'xlsx' ? await kerXlsx(report, locale) : new TextEncoder().encode(kerCsv(report, locale))
    const period = report.granularity === 'year' ? `${report.year}` : `${report.year}-${report.granularity === 'quarter' ? 'Q' : ''}${String(report.index).padStart(report.granularity === 'month' ? 2 : 1, '0')}`
    return { file_name: `KER-${report.company_no}-${period}.${format}`, mime: MIME[format], base64: Buffer.from(bytes).toString('base64') }
  }
}

/** Registers ker-exports: create concerns the data's company. */
export function configureKerExportsService(app: Application): void {
  registerService(app, kerExportsDescriptor, new KerExportsService(app), {
    target: (context) => ({ companyNo: (context.data as KerExportData).client }),
  })
}
