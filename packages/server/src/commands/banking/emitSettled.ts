import type { Application } from '../../declarations'
import { bankingClock } from '../../banking/clock'
import { openItemOf } from '../../models/open-items'

/** Tells the company's unpaid-items screens what a settlement changed: a paid item leaves, a partly paid one updates, an unmatched one returns. */
export async function emitSettled(app: Application, bookingIds: readonly number[], kind: 'settled' | 'restored'): Promise<void> {
  const knex = app.get('knex')
  for (const bookingId of new Set(bookingIds)) {
    const item = await openItemOf(knex, bookingId, bankingClock.today())
    if (!item) continue
    if (kind === 'restored') app.service('unpaid-items').emit('created', item)
    else app.service('unpaid-items').emit(item.open === '0.00' ? 'removed' : 'patched', item)
  }
}
