import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom'
import { IconButton } from '@primer/react'
import { ChevronDownIcon, ChevronUpIcon, CommentDiscussionIcon, PeopleIcon, QuestionIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import { DocumentType, documentTypeLabelKey, viewPermissions } from '@portal/sdk/domain'
import { buildPath, parseClientParams, routeByName } from '@portal/sdk/state'
import type { DocumentSearchHit } from '@portal/sdk/services'
import { PageFrame } from '../../components/PageFrame/PageFrame'
import { Loading } from '../../components/Loading/Loading'
import { useAccessToken } from '../../hooks/useAccessToken'
import { useCan } from '../../hooks/useCan'
import { useCompany } from '../../hooks/useCompany'
import { useInvoiceCounts } from '../../hooks/useInvoiceCounts'
import { useInvoiceList } from '../../hooks/useInvoiceList'
import { useInvoiceShortcuts } from '../../hooks/useInvoiceShortcuts'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { prefetchDocument } from '../../lib/documentPrefetch'
import { FullTextResults } from './FullTextResults'
import { InvoiceDocument, type DocumentShortcuts } from './InvoiceDocument'
import { InvoiceList, type ListEntry } from './InvoiceList'
import { ListToolbar } from './ListToolbar'
import { listQuery, monthOf, readListParams, writeListParams, type ListFilters, type ListSort } from './listQuery'
import { ShortcutHelp } from './ShortcutHelp'
import { isOutgoingView, showsCashBook, viewOfParam, viewParam, visibleViews } from './views'
import { ViewTabs } from './ViewTabs'
import { OpenRequests } from '../../components/Requests/OpenRequests'
import { ErpExportLink } from './ErpExportLink'
import { MonthCheckLink } from './MonthCheckLink'
import styles from './Invoices.module.css'

/** Views that hold booked documents, where the ERP's answer matters: they offer the "ERP errors" filter. */
const ERP_VIEWS: readonly DocumentType[] = [DocumentType.ER, DocumentType.AR, DocumentType.KA]

/** Documents read per page of the list; scrolling near the end reads the next page. */
export const LIST_PAGE = 100

/**
 * Accounting (SPEC §2 `/invoices/{client}/{document_type?}/{document_id?}`): the views with their counts, the list of
 * the current view beside the open document, and the keys to work through them. The URL always names the view and
 * the document, so a link or a reload lands on the same place.
 */
export function InvoicesScene() {
  const { t } = useTranslation('invoices')
  const { t: tShell } = useTranslation('shell')
  const params = useParams()
  const navigate = useNavigate()
  const [search, setSearch] = useSearchParams()
  const { client, language } = useSession()
  const { client: companyNo, companies, data } = useCompany()
  const { notifyError } = useSnackbar()
  const company = companies.find((c) => c.company_no === companyNo)
  const { documentId } = parseClientParams(params)

  // Suppliers and customers are kept on their own screen, opened from here (acc).
  const manageAccounts = useCan('acc-suppliers', 'create', { companyNo })
  // The firm's staff ask (and see requests on their own screen); the company's people get them on this landing page.
  const askRequests = useCan('document-requests', 'create', { companyNo })
  const listOutgoing = useCan('aggregator', 'find', { companyNo, requires: viewPermissions(DocumentType.AR_U) })
  const views = useMemo(() => visibleViews({ listOutgoing, showCashBook: showsCashBook(data.companySettings) }), [listOutgoing, data.companySettings])
  const requested = viewOfParam(params.document_type)
  const view = requested && views.includes(requested) ? requested : DocumentType.ER_U
  const { sort, filters } = useMemo(() => readListParams(search), [search])
  const words = search.get('q') ?? ''

  const hrefOf = useCallback(
    (target: DocumentType, id = 0, keep: URLSearchParams | null = search) => {
      const path = buildPath(routeByName('invoices').path, { client: companyNo, document_type: viewParam(target), document_id: id > 0 ? id : undefined })
      const query = keep?.toString()
      return query ? `${path}?${query}` : path
    },
    [companyNo, search],
  )

  // The URL says where we are: an odd-cased, unknown or unavailable view is written out (replacing the entry); a
  // missing one is the default view already, and gets written out with the first document that opens.
  useEffect(() => {
    if (companyNo <= 0 || params.document_type === undefined) return
    if (params.document_type !== viewParam(view)) navigate(hrefOf(view, requested === view ? documentId : 0), { replace: true })
  }, [companyNo, params.document_type, view, requested, documentId, hrefOf, navigate])

  const counts = useInvoiceCounts(client, companyNo, notifyError)

  // The list: pages of LIST_PAGE, widened as the user scrolls near the end; a new view, order or filter starts over.
  const [limit, setLimit] = useState(LIST_PAGE)
  const listKey = `${companyNo}/${view}/${sort}/${JSON.stringify(filters)}`
  useEffect(() => setLimit(LIST_PAGE), [listKey])
  const query = companyNo > 0 && view !== DocumentType.FullText ? listQuery(companyNo, view, sort, limit, filters) : null
  const list = useInvoiceList(client, query, notifyError)
  const onNearEnd = useCallback(() => setLimit((current) => (list.rows.length >= current ? current + LIST_PAGE : current)), [list.rows.length])

  // The full-text view searches once per words in the URL.
  const [hits, setHits] = useState<{ words: string; hits: DocumentSearchHit[]; total: number } | null>(null)
  useEffect(() => {
    if (view !== DocumentType.FullText || !words || companyNo <= 0) return
    let cancelled = false
    client
      .service('document-search')
      .find({ query: { client_no: companyNo, q: words, $limit: 50 } })
      .then((page) => !cancelled && setHits({ words, hits: page.data, total: page.total }), notifyError)
    return () => {
      cancelled = true
    }
  }, [client, companyNo, view, words, notifyError])
  const shownHits = view === DocumentType.FullText && hits?.words === words ? hits : null

  const order = useMemo(() => (view === DocumentType.FullText ? (shownHits?.hits ?? []).map((h) => h.id) : list.rows.map((r) => r.id)), [view, shownHits, list.rows])
  const entries = useMemo<ListEntry[]>(() => {
    if (view !== DocumentType.OtherDocuments) return list.rows.map((row) => ({ kind: 'row', row }))
    const out: ListEntry[] = []
    let month: string | null = null
    for (const row of list.rows) {
      const current = monthOf(row)
      if (current !== month) out.push({ kind: 'month', month: current })
      month = current
      out.push({ kind: 'row', row })
    }
    return out
  }, [view, list.rows])

  // Without a document in the URL the first one of the view opens, so work starts at once.
  useEffect(() => {
    const settled = view === DocumentType.FullText || !list.loading
    if (documentId === 0 && order.length > 0 && settled) navigate(hrefOf(view, order[0]), { replace: true })
  }, [documentId, order, list.loading, view, hrefOf, navigate])

  const go = useCallback(
    (step: number) => {
      if (order.length === 0) return
      const index = order.indexOf(documentId)
      const next = index < 0 ? order[0] : order[Math.min(Math.max(index + step, 0), order.length - 1)]
      if (next !== documentId) navigate(hrefOf(view, next))
    },
    [order, documentId, navigate, hrefOf, view],
  )
  // The document left the view: the next one of the list opens (or the one before it at the end).
  const onLeave = useCallback(
    (id: number) => {
      const index = order.indexOf(id)
      const rest = order.filter((other) => other !== id)
      const next = index < 0 ? (rest[0] ?? 0) : (rest[Math.min(index, rest.length - 1)] ?? 0)
      navigate(hrefOf(view, next))
      list.refetch()
    },
    [order, navigate, hrefOf, view, list],
  )

  // The next document is read ahead, so Ctrl+↓ (and confirm-and-next) open it without waiting for the network.
  const token = useAccessToken(client)
  const nextId = order[order.indexOf(documentId) + 1] ?? 0
  useEffect(() => {
    if (documentId <= 0 || nextId <= 0) return
    const timer = setTimeout(() => prefetchDocument(client, nextId, token), 300)
    return () => clearTimeout(timer)
  }, [client, documentId, nextId, token])

  const shortcuts = useRef<DocumentShortcuts>({})
  const [help, setHelp] = useState(false)
  useInvoiceShortcuts({
    previous: () => go(-1),
    next: () => go(1),
    confirmAndNext: () => {
      const { confirmAndNext, confirmed } = shortcuts.current
      if (confirmAndNext) confirmAndNext()
      else if (confirmed) go(1)
    },
    jumpToAttention: () => shortcuts.current.jumpToAttention?.(),
    help: () => setHelp(true),
  })

  const changeList = (nextSort: ListSort, nextFilters: ListFilters) => setSearch(writeListParams(nextSort, nextFilters, search), { replace: true })
  const viewCounts = useMemo(() => {
    const out: Partial<Record<DocumentType, number>> = {}
    for (const v of views) {
      const count = counts?.views[v]
      if (typeof count === 'number') out[v] = count
    }
    return out
  }, [counts, views])

  const monthTotals = view === DocumentType.OtherDocuments && counts ? Object.fromEntries(counts.months.map((m) => [m.month, m.total])) : undefined
  if (!company) {
    return (
      <PageFrame title={tShell('routes.invoices')} testId="scene-invoices">
        <p className={styles.muted}>{t('list.noCompany')}</p>
      </PageFrame>
    )
  }
  const outgoing = isOutgoingView(view)
  const caption = t('list.caption', { view: t(documentTypeLabelKey(view)), company: `${company.company_no} ${company.company_name}` })
  const index = order.indexOf(documentId)
  return (
    <PageFrame title={tShell('routes.invoices')} testId="scene-invoices" wide>
      {askRequests ? null : <OpenRequests companyNo={companyNo} />}
      <div className={styles.topRow}>
        <ViewTabs views={views} current={view} counts={viewCounts} hrefOf={(v) => hrefOf(v, 0, null)} />
        <div className={styles.topLinks}>
          <ErpExportLink companyNo={companyNo} />
          <RouterLink to={buildPath(routeByName('requests').path, { client: companyNo })} className={styles.accountsLink} data-testid="open-requests-screen">
            <CommentDiscussionIcon size={16} />
            {tShell('routes.requests')}
          </RouterLink>
          <MonthCheckLink companyNo={companyNo} />
          {manageAccounts ? (
            <RouterLink to={buildPath(routeByName('accounts').path, { client: companyNo })} className={styles.accountsLink} data-testid="open-accounts">
              <PeopleIcon size={16} />
              {tShell('routes.accounts')}
            </RouterLink>
          ) : null}
          {/* The list of keys means nothing on a touch screen: hidden there (keyboard-hint). */}
          <IconButton icon={QuestionIcon} aria-label={t('shortcuts.open')} aria-keyshortcuts="?" variant="invisible" onClick={() => setHelp(true)} className="keyboard-hint" data-testid="shortcuts-button" />
        </div>
      </div>
      <div className={styles.layout}>
        <aside className={styles.listColumn} aria-label={caption}>
          {view === DocumentType.FullText ? (
            <FullTextResults
              words={words}
              onSearch={(next) => setSearch({ q: next })}
              hits={shownHits?.hits ?? null}
              total={shownHits?.total ?? 0}
              selectedId={documentId}
              hrefOf={(id) => hrefOf(view, id)}
              language={language}
            />
          ) : (
            <>
              <ListToolbar sort={sort} filters={filters} onChange={changeList} outgoing={outgoing} erpFilter={ERP_VIEWS.includes(view)} />
              {list.loading && list.rows.length === 0 ? (
                <Loading label={t('list.loading')} />
              ) : list.rows.length === 0 ? (
                <p className={styles.muted} data-testid="list-empty">
                  {filters === undefined || Object.values(filters).every((v) => !v) ? t('list.empty') : t('list.emptyFiltered')}
                </p>
              ) : (
                <InvoiceList
                  entries={entries}
                  total={list.total}
                  selectedId={documentId}
                  hrefOf={(id) => hrefOf(view, id)}
                  outgoing={outgoing}
                  language={language}
                  caption={caption}
                  onNearEnd={onNearEnd}
                  loadingMore={list.loading}
                  monthTotals={monthTotals}
                />
              )}
            </>
          )}
        </aside>
        <div className={styles.documentColumn}>
          <div className={styles.stepper}>
            <IconButton icon={ChevronUpIcon} aria-label={t('actions.previous')} aria-keyshortcuts="Control+ArrowUp" size="small" disabled={index <= 0} onClick={() => go(-1)} data-testid="previous-document" />
            <IconButton icon={ChevronDownIcon} aria-label={t('actions.next')} aria-keyshortcuts="Control+ArrowDown" size="small" disabled={index < 0 || index >= order.length - 1} onClick={() => go(1)} data-testid="next-document" />
            {index >= 0 ? <span className={styles.muted}>{t('list.shown', { shown: index + 1, total: view === DocumentType.FullText ? order.length : list.total })}</span> : null}
          </div>
          {documentId > 0 ? (
            <InvoiceDocument
              documentId={documentId}
              companyNo={companyNo}
              onLeave={onLeave}
              shortcuts={shortcuts}
              row={list.rows.find((r) => r.id === documentId)}
              view={view}
              viewHref={(target, id) => hrefOf(target, id, null)}
            />
          ) : (
            <p className={styles.muted}>{t('document.none')}</p>
          )}
        </div>
      </div>
      {help ? <ShortcutHelp onClose={() => setHelp(false)} /> : null}
    </PageFrame>
  )
}
