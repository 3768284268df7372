import type { Knex } from 'knex'
import { KerBasis, cumulativeTo, kerMonths, kerMonthsCompared, kerTable, viennaToday } from '@portal/sdk/domain'
import type { KerReport, KerReportQuery } from '@portal/sdk/services'
import { firmOfCompany, kerAccountMonths, kerBasisOf, kerCashAccountMonths, kerRangesOf } from '../models/ker'
import { forbidden } from '../policies/index'

/**
 * The KER of a company's period and the prior year's, with the twelve months of both for the charts. The whole year of
 * a running year compares January to the last closed month as of `today` on both sides. An Einnahmen-Ausgaben-Rechner's
 * KER counts by payment date (cash basis), a Bilanzierer's by booking period (accrual), as the company settings say.
 */
export async function buildKerReport(knex: Knex, query: KerReportQuery, today = viennaToday()): Promise<KerReport> {
  const firm = await firmOfCompany(knex, query.client)
  if (!firm) throw forbidden()
  const granularity = query.granularity
  const index = granularity === 'year' ? 1 : Math.min(query.index ?? 1, granularity === 'quarter' ? 4 : 12)
  const basis = await kerBasisOf(knex, query.client)
  const monthsOfBasis = basis === KerBasis.cash ? kerCashAccountMonths : kerAccountMonths
  const [ranges, sums] = await Promise.all([kerRangesOf(knex, firm.firmId), monthsOfBasis(knex, query.client, query.year - 1, query.year)])
  const cumulative = granularity === 'year' ? cumulativeTo(query.year, today) : null
  const months = kerMonthsCompared(granularity, index, cumulative)
  return {
    company_no: query.client,
    company_name: firm.companyName,
    firm_name: firm.firmName,
    year: query.year,
    basis,
    granularity,
    index,
    months,
    cumulative_to: cumulative,
    rows: kerTable(sums.rows, ranges, query.year, months),
    chart: kerMonths(sums.rows, ranges, query.year),
    bookings: sums.bookings,
  }
}
