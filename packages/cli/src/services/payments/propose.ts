import { formatAmount } from '@portal/sdk/i18n'
import { remittanceName, viennaToday, type PainVersion, type RunGrouping } from '@portal/sdk/domain'
import type { PaymentProposal } from '@portal/sdk/services'
import type { CommandContext } from '../../context'
import { renderTable } from '../../ui'
import { withPortal } from '../session/with-portal'

/** The options of `portal payments propose` (and the proposal part of `create --proposed`). */
export interface ProposeOptions {
  client: number
  date?: string
  days?: number
}

/** The options of `portal payments create`. */
export interface CreateRunOptions extends ProposeOptions {
  items?: number[]
  proposed?: boolean
  /** Credit notes (booking ids) to set off; they need one transfer per supplier, the grouping then taken unless given. */
  creditNotes?: number[]
  grouping?: RunGrouping
  format?: PainVersion
  output?: string
}

/** Asks the server for its proposal (approved invoices due within the days, open discounts first). */
export async function fetchProposal(ctx: CommandContext, options: ProposeOptions): Promise<PaymentProposal> {
  const query = { client: options.client, execution_date: options.date ?? viennaToday(), ...(options.days !== undefined ? { days: options.days } : {}) }
  return withPortal(ctx, (client) => client.service('payment-proposals').find({ query }), { company: options.client })
}

/** `portal payments propose --client N [--date D] [--days N]`: what the portal would pay, as a table or JSON. */
export async function proposePayments(ctx: CommandContext, options: ProposeOptions): Promise<void> {
  const proposal = await fetchProposal(ctx, options)
  if (ctx.json) {
    ctx.printJson(proposal)
    return
  }
  const { t } = ctx
  if (proposal.items.length === 0) {
    ctx.status(t('unpaid:runs.noProposal'))
    return
  }
  renderTable(
    ctx.io.stdout,
    [
      { key: 'id', header: 'ID' },
      { key: 'supplier', header: t('unpaid:runs.columns.supplier') },
      { key: 'document', header: t('unpaid:runs.columns.document') },
      { key: 'due', header: t('unpaid:columns.dueDate') },
      { key: 'discount', header: t('unpaid:runs.columns.discount') },
      { key: 'amount', header: t('unpaid:runs.columns.amount') },
    ],
    proposal.items.map((item) => ({
      id: String(item.id),
      supplier: item.partner_name ?? String(item.account),
      document: item.document_number ?? '',
      due: item.due_date,
      discount: item.discount === '0.00' ? '' : formatAmount(item.discount, ctx.lang),
      amount: formatAmount(item.amount, ctx.lang),
    })),
  )
  if (proposal.credit_notes.length > 0) {
    // Named as a run's remittance names them (a credit note without a number: the portal's "Beleg <id>").
    ctx.io.stdout.write(`\n${t('unpaid:runs.creditNotes')}\n`)
    renderTable(
      ctx.io.stdout,
      [
        { key: 'id', header: 'ID' },
        { key: 'supplier', header: t('unpaid:runs.columns.supplier') },
        { key: 'document', header: t('unpaid:runs.columns.creditNote') },
        { key: 'amount', header: t('unpaid:runs.columns.amount') },
      ],
      proposal.credit_notes.map((credit) => ({
        id: String(credit.id),
        supplier: credit.partner_name ?? String(credit.account),
        document: remittanceName({ booking_id: credit.id, document_number: credit.document_number }),
        amount: formatAmount(credit.amount, ctx.lang),
      })),
    )
  }
  ctx.status(t('unpaid:runs.selectedTotal', { count: proposal.items.length, total: formatAmount(proposal.total, ctx.lang, 'EUR') }))
}
