import type { Knex } from 'knex'
import { QUOTA_ITEM_STATES, quotaStatus, type FonReturnType, type QuotaItemState as State } from '@portal/sdk/domain'
import { FON_STALE_DAYS, type FonImport, type FonQuotaOverview, type FonQuotaQuery, type FonStaleReason } from '@portal/sdk/services'
import { fonQuotaInputs, fonStateCounts, fonYears } from '../../models/fon-items'
import { latestFonImport } from '../../models/fon-imports'
import { loadFonSettings } from '../../models/fon-settings'

const DAY_MS = 86_400_000

/** Why the shown data may be stale (SPEC §8), from the latest import of each side. */
export function staleReason(imports: readonly (FonImport | null)[], now: Date): FonStaleReason | null {
  if (imports.some((entry) => entry === null)) return 'never'
  if (imports.some((entry) => entry!.state === 'failed')) return 'failed'
  if (imports.some((entry) => entry!.state === 'inProgress')) return 'inProgress'
  const oldest = Math.min(...imports.map((entry) => Date.parse(entry!.finishedAt ?? entry!.createdAt)))
  return now.getTime() - oldest > FON_STALE_DAYS * DAY_MS ? 'old' : null
}

/** The quota overview: achieved vs target per appointment date with the forecast, the imports and their freshness. */
export class FonQuotaService {
  constructor(
    private readonly knex: Knex,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The overview of a year (default: the latest year the items have). */
  async find(params: { query?: FonQuotaQuery } = {}): Promise<FonQuotaOverview> {
    const years = await fonYears(this.knex)
    const year = params.query?.year ?? years[0] ?? null
    const now = this.now()
    const today = now.toISOString().slice(0, 10)
    const [records, quota] = [await latestFonImport(this.knex, 'records'), await latestFonImport(this.knex, 'quota')]
    const counts = Object.fromEntries(QUOTA_ITEM_STATES.map((state) => [state, 0])) as Record<State, number>
    let dates: FonQuotaOverview['dates'] = []
    if (year !== null) {
      Object.assign(counts, await fonStateCounts(this.knex, year))
      const inputs = (await fonQuotaInputs(this.knex, year)).map((item) => ({
        returnType: item.returnType as FonReturnType,
        counts: item.counts,
        receivedOn: item.receivedOn,
      }))
      dates = quotaStatus(inputs, year, today).dates
    }
    const settings = await loadFonSettings(this.knex)
    return { year, years, today, dates, counts, imports: { records, quota }, stale: staleReason([records, quota], now), twoFactorMissing: !settings.twoFactor }
  }
}
