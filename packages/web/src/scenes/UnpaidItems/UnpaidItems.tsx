import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { Button, Checkbox, FormControl, Select, TextInput } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { AGEING_BUCKETS, APPROVAL_STATES, OPEN_ITEM_SIDES, type AgeingBucket, type ApprovalState, type OpenItemSide, DocumentKind, kindPermissions } from '@portal/sdk/domain'
import type { UnpaidItem, UnpaidItemSortField } from '@portal/sdk/services'
import { buildPath, parseClientParams, routeByName } from '@portal/sdk/state'
import { Loading } from '../../components/Loading/Loading'
import { PageFrame } from '../../components/PageFrame/PageFrame'
import { useCan } from '../../hooks/useCan'
import { useCompany } from '../../hooks/useCompany'
import { isTyping } from '../../hooks/useInvoiceShortcuts'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { formatMoney } from './format'
import { OpenItemsTable } from './OpenItemsTable'
import { PaymentCodeDialog } from './PaymentCodeDialog'
import { PaymentDialog } from './PaymentDialog'
import { PaymentPolicy } from './PaymentPolicy'
import { PaymentRuns } from './PaymentRuns'
import { UNPAID_PAGE_SIZE, useUnpaidItems, type UnpaidFilter, type UnpaidSideState } from './useUnpaidItems'
import styles from './UnpaidItems.module.css'

const SORTS: { field: UnpaidItemSortField; dir: 1 | -1; label: string }[] = [
  { field: 'due_date', dir: 1, label: 'filter.sortDue' },
  { field: 'overdue', dir: -1, label: 'filter.sortOverdue' },
  { field: 'open', dir: -1, label: 'filter.sortOpen' },
  { field: 'partner_name', dir: 1, label: 'filter.sortPartner' },
]

/** The side a route's document type names: ar… is what the company is owed, anything else what it owes. */
const sideOfParam = (documentType: string): OpenItemSide => (documentType.startsWith('ar') ? DocumentKind.AR : DocumentKind.ER)

/**
 * Unpaid items (SPEC §2 `/unpaid/{client}/{document_type?}/{document_id?}`, permission rep): what the company owes
 * and is owed side by side, each with ageing totals, filter, sort and server paging, live as payments come in. The
 * selected item is in the URL like in the invoice views (Ctrl+↑/↓ move through the list); p marks it paid, q shows the
 * payment code of a supplier invoice (pay). Below them the payment runs (pay) and the approval policy (app, pay, adm).
 */
export function UnpaidItemsScene() {
  const { t } = useTranslation('unpaid')
  const { t: tShell } = useTranslation('shell')
  const params = useParams()
  const navigate = useNavigate()
  const { language, client } = useSession()
  const { client: companyNo } = useCompany()
  const { notify, notifyError } = useSnackbar()
  const { documentType, documentId } = parseClientParams(params)
  // What the company is owed lists its outgoing invoices: for those who may see them (lar), as everywhere else.
  const mayReceivables = useCan('unpaid-items', 'find', { companyNo, recordRequires: kindPermissions(DocumentKind.AR) })
  const sides = mayReceivables ? OPEN_ITEM_SIDES : OPEN_ITEM_SIDES.filter((side) => side !== DocumentKind.AR)
  const activeSide = mayReceivables ? sideOfParam(documentType) : DocumentKind.ER
  const mayPay = useCan('payments', 'create', { companyNo })
  const mayCode = useCan('payment-codes', 'get', { companyNo })
  const mayRun = useCan('payment-runs', 'create', { companyNo })

  const [search, setSearch] = useState('')
  const [bucket, setBucket] = useState<AgeingBucket | ''>('')
  const [discountSoon, setDiscountSoon] = useState(false)
  const [approval, setApproval] = useState<ApprovalState | ''>('')
  const [sort, setSort] = useState(0)
  const [skips, setSkips] = useState<Record<OpenItemSide, number>>({ ER: 0, AR: 0 })
  const [paying, setPaying] = useState<UnpaidItem | null>(null)
  const [coding, setCoding] = useState<UnpaidItem | null>(null)
  const filter = useMemo<UnpaidFilter>(
    () => ({
      ...(search.trim() ? { search: search.trim() } : {}),
      ...(bucket ? { bucket } : {}),
      ...(discountSoon ? { discountSoon: true } : {}),
      ...(approval ? { approval } : {}),
      $sort: { [SORTS[sort].field]: SORTS[sort].dir },
    }),
    [search, bucket, discountSoon, approval, sort],
  )
  useEffect(() => setSkips({ ER: 0, AR: 0 }), [filter, companyNo])

  const payables = useUnpaidItems(companyNo, DocumentKind.ER, filter, skips.ER, notifyError)
  const receivables = useUnpaidItems(companyNo, DocumentKind.AR, filter, skips.AR, notifyError, mayReceivables)
  const states: Record<OpenItemSide, UnpaidSideState> = { ER: payables, AR: receivables }

  const hrefOf = useCallback(
    (side: OpenItemSide, id = 0) => buildPath(routeByName('unpaid-items').path, { client: companyNo, document_type: side.toLowerCase(), document_id: id > 0 ? id : undefined }),
    [companyNo],
  )
  // The item the keys act on (Ctrl+↑/↓ step from it, p and q use it): set at once on a selection, so a key pressed
  // before the route has re-rendered acts on the new item instead of the old one.
  const stepFrom = useRef(documentId)
  useEffect(() => {
    stepFrom.current = documentId
  }, [documentId])
  const select = useCallback(
    (item: UnpaidItem) => {
      stepFrom.current = item.document_id
      navigate(hrefOf(item.side, item.document_id))
    },
    [navigate, hrefOf],
  )
  const items = states[activeSide].page?.data ?? []
  const selected = items.find((item) => item.document_id === documentId) ?? null

  // Keys: Ctrl+↑/↓ previous/next item of the selected side (as in the invoice views), p mark paid, q payment code.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector('[role=dialog], [role=alertdialog]')) return
      const ctrl = (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey
      if (ctrl && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
        if (items.length === 0) return
        event.preventDefault()
        const at = items.findIndex((item) => item.document_id === stepFrom.current)
        const next = at < 0 ? 0 : Math.min(items.length - 1, Math.max(0, at + (event.key === 'ArrowDown' ? 1 : -1)))
        select(items[next])
        return
      }
      const current = items.find((item) => item.document_id === stepFrom.current)
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target) || !current) return
      if (event.key === 'p' && mayPay) {
        event.preventDefault()
        setPaying(current)
      } else if (event.key === 'q' && mayCode && current.side === DocumentKind.ER) {
        event.preventDefault()
        setCoding(current)
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [items, select, mayPay, mayCode])

  const filtered = Boolean(search.trim() || bucket || discountSoon || approval)
  return (
    <PageFrame title={tShell('routes.unpaid-items', { defaultValue: t('title') })} testId="scene-unpaid-items" wide>
      <p className={styles.intro}>{t('intro')}</p>
      <div className={styles.filters} role="search">
        <FormControl>
          <FormControl.Label>{t('filter.search')}</FormControl.Label>
          <TextInput value={search} onChange={(event) => setSearch(event.target.value)} data-testid="unpaid-search" />
        </FormControl>
        <FormControl>
          <FormControl.Label>{t('filter.bucket')}</FormControl.Label>
          <Select value={bucket} onChange={(event) => setBucket(event.target.value as AgeingBucket | '')} data-testid="unpaid-bucket">
            <Select.Option value="">{t('filter.allBuckets')}</Select.Option>
            {AGEING_BUCKETS.map((value) => (
              <Select.Option key={value} value={value}>
                {t(`bucket.${value}`)}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        <FormControl>
          <FormControl.Label>{t('approval.filter')}</FormControl.Label>
          <Select value={approval} onChange={(event) => setApproval(event.target.value as ApprovalState | '')} data-testid="unpaid-approval">
            <Select.Option value="">{t('approval.allStates')}</Select.Option>
            {APPROVAL_STATES.map((value) => (
              <Select.Option key={value} value={value}>
                {t(`approval.state.${value}`)}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        <FormControl>
          <FormControl.Label>{t('filter.sort')}</FormControl.Label>
          <Select value={String(sort)} onChange={(event) => setSort(Number(event.target.value))} data-testid="unpaid-sort">
            {SORTS.map((option, index) => (
              <Select.Option key={option.field} value={String(index)}>
                {t(option.label as 'filter.sortDue')}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        <FormControl>
          <Checkbox checked={discountSoon} onChange={(event) => setDiscountSoon(event.target.checked)} data-testid="unpaid-discount-soon" />
          <FormControl.Label>{t('filter.discountSoon')}</FormControl.Label>
        </FormControl>
      </div>
      <p className={`${styles.muted} keyboard-hint`}>{t('keys')}</p>
      {selected ? (
        <div className={styles.actions} data-testid="unpaid-selection">
          <span>{t('selected', { document: `${selected.document_number ?? `#${selected.document_id}`} · ${selected.partner_name ?? selected.account} · ${formatMoney(selected.open, selected.currency, language)}` })}</span>
          {mayPay ? (
            <Button onClick={() => setPaying(selected)} data-testid="mark-paid">
              {t('markPaid')}
            </Button>
          ) : null}
          {mayCode && selected.side === DocumentKind.ER ? (
            <Button onClick={() => setCoding(selected)} data-testid="payment-code-open">
              {t('paymentCode')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <div className={styles.sides}>
        {sides.map((side) => {
          const { page, loading } = states[side]
          const skip = skips[side]
          return (
            <section key={side} className={styles.side} aria-labelledby={`unpaid-${side}`} data-testid={`unpaid-side-${side}`}>
              <h2 id={`unpaid-${side}`} className={styles.heading}>
                {t(`sideShort.${side}`)}
              </h2>
              {!page ? (
                <Loading label={t('loading')} />
              ) : page.total === 0 ? (
                <p data-testid={`unpaid-empty-${side}`}>{filtered ? t('emptyFiltered') : t('empty')}</p>
              ) : (
                <>
                  <OpenItemsTable side={side} page={page} selectedId={side === activeSide ? documentId : 0} language={language} onSelect={select} />
                  <nav className={styles.pager} aria-label={t(`side.${side}`)}>
                    <Button size="small" onClick={() => setSkips({ ...skips, [side]: Math.max(0, skip - UNPAID_PAGE_SIZE) })} disabled={skip === 0 || loading}>
                      {t('previousPage')}
                    </Button>
                    <span data-testid={`unpaid-page-${side}`}>{t('page', { from: skip + 1, to: Math.min(page.total, skip + UNPAID_PAGE_SIZE), total: page.total })}</span>
                    <Button size="small" onClick={() => setSkips({ ...skips, [side]: skip + UNPAID_PAGE_SIZE })} disabled={skip + UNPAID_PAGE_SIZE >= page.total || loading}>
                      {t('nextPage')}
                    </Button>
                  </nav>
                </>
              )}
            </section>
          )
        })}
      </div>
      {mayRun ? <PaymentRuns client={client} companyNo={companyNo} /> : null}
      <PaymentPolicy companyNo={companyNo} />
      {paying ? (
        <PaymentDialog
          item={paying}
          language={language}
          onClose={() => setPaying(null)}
          onSaved={(payment) => {
            setPaying(null)
            notify({ kind: 'success', text: t('payment.saved', { amount: formatMoney(payment.amount, paying.currency, language) }) })
          }}
          onUndone={() => {
            setPaying(null)
            notify({ kind: 'success', text: t('payment.undoneToast') })
          }}
        />
      ) : null}
      {coding ? <PaymentCodeDialog item={coding} language={language} onClose={() => setCoding(null)} /> : null}
    </PageFrame>
  )
}
