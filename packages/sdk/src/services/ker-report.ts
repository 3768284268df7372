import { Type, type Static } from '@feathersjs/typebox'
import { type KerBasis, type KerGranularity, type KerMonthPoint, type KerTableRow } from '../domain/index'
import { accountingYearSchema, companyNoSchema, type Creates, type Finds } from './common'
import { companyRule, defineService } from './descriptor'

/** Path of the KER report (kurzfristige Erfolgsrechnung) of a company. */
export const kerReportPath = 'ker-report'

/** Methods of ker-report. */
export const kerReportMethods = ['find'] as const

/** The period of a KER: a year, and within it a month (1–12), a quarter (1–4) or the whole year. */
export const kerPeriodSchema = {
  client: companyNoSchema,
  year: accountingYearSchema,
  granularity: Type.Unsafe<KerGranularity>({ type: 'string', enum: ['month', 'quarter', 'year'] }),
  index: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
}

/** ker-report.find: the KER of one company for one period (index 1 for the year). */
export const kerReportQuerySchema = Type.Object(kerPeriodSchema, { $id: 'KerReportQuery', additionalProperties: false })

/** Query of ker-report.find. */
export type KerReportQuery = Static<typeof kerReportQuerySchema>

/** The KER of a period: the table against the prior year, the twelve months for the charts, who it is for. */
export interface KerReport {
  company_no: number
  company_name: string
  firm_name: string
  year: number
  /** Accrual (booking period) or cash (payment date), as the company settings say. */
  basis: KerBasis
  granularity: KerGranularity
  index: number
  months: number[]
  /** A running year's "whole year": the last closed month both years run to (cumulative); null otherwise. */
  cumulative_to: number | null
  rows: KerTableRow[]
  chart: KerMonthPoint[]
  /** Booked lines the period and its prior year hold (0: nothing booked yet). */
  bookings: number
}

/** Typed client view of ker-report. */
export type KerReportClientService = Finds<KerReportQuery, KerReport>

/** The ker-report service: read with `rep` and the company (SPEC §2: loads period data even without `acc`). */
export const kerReportDescriptor = defineService<KerReportClientService>()({
  path: kerReportPath,
  methods: kerReportMethods,
  schemas: { query: kerReportQuerySchema },
  abilities: { find: companyRule(['rep']) },
  events: 'none',
})

/** Path of the KER exports: the report as a PDF for the client (with the firm's name), CSV or XLSX. */
export const kerExportsPath = 'ker-exports'

/** Methods of ker-exports. */
export const kerExportsMethods = ['create'] as const

/** ker-exports.create: the period, the format and the language of the file. */
export const kerExportDataSchema = Type.Object(
  {
    ...kerPeriodSchema,
    format: Type.Unsafe<'pdf' | 'csv' | 'xlsx'>({ type: 'string', enum: ['pdf', 'csv', 'xlsx'] }),
    locale: Type.Optional(Type.Unsafe<'en' | 'de'>({ type: 'string', enum: ['en', 'de'] })),
  },
  { $id: 'KerExportData', additionalProperties: false },
)

/** Data of ker-exports.create. */
export type KerExportData = Static<typeof kerExportDataSchema>

/** An exported KER file. */
export interface KerExportFile {
  file_name: string
  mime: string
  base64: string
}

/** Typed client view of ker-exports. */
export type KerExportsClientService = Creates<KerExportFile, KerExportData>

/** The ker-exports service: `rep` and the company; nothing is stored. */
export const kerExportsDescriptor = defineService<KerExportsClientService>()({
  path: kerExportsPath,
  methods: kerExportsMethods,
  schemas: { data: kerExportDataSchema },
  abilities: { create: companyRule(['rep']) },
  events: 'none',
})
