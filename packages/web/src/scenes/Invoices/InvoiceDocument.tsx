import { useCallback, useEffect, useMemo, useState, type MutableRefObject } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { Banner, Button, Link } from '@primer/react'
import { CheckIcon, HistoryIcon, LinkExternalIcon, TrashIcon, UndoIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import { DocumentKind, DocumentStatus, DocumentType, documentTypeLabelKey, hasStatus, isProcessingFinished, labelPermissions, viewOfDocument } from '@portal/sdk/domain'
import { errorDataOf, errorToMessage } from '@portal/sdk/errors'
import { buildPath, routeByName } from '@portal/sdk/state'
import type { DocumentFields, FieldCandidate } from '@portal/sdk/services'
import { EInvoiceCheck } from '../../components/EInvoice/EInvoiceCheck'
import { EInvoiceDocument } from '../../components/EInvoice/EInvoiceDocument'
import { Loading } from '../../components/Loading/Loading'
import type { Highlight } from '../../components/PageViewer/PageViewer'
import { PageViewer } from '../../components/PageViewer/PageViewer'
import type { PageRegion } from '../../components/PageViewer/pageSelection'
import { useAccessToken } from '../../hooks/useAccessToken'
import { useCan } from '../../hooks/useCan'
import { useDocumentFields } from '../../hooks/useDocumentFields'
import type { InvoiceRow } from '../../hooks/useInvoiceList'
import { useDocumentActions } from '../../hooks/useDocumentActions'
import { useDocumentPages } from '../../hooks/useDocumentPages'
import { usePresence } from '../../hooks/usePresence'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { FieldList, type FieldRemark } from '../SingleDocument/FieldList'
import { formatSource, formatValue } from '../SingleDocument/formatValue'
import { ApprovalPanel } from './ApprovalPanel'
import { BookingPanel } from './BookingPanel'
import { CommentThread } from '../../components/Comments/CommentThread'
import { ErpMessage } from './ErpMessage'
import { checkFields, firstAttentionField } from './fieldChecks'
import { FieldEditor } from './FieldEditor'
import { isLabelField, labelKind } from './fieldKinds'
import { HistoryPanel } from './HistoryPanel'
import { PurgeButton } from './PurgeButton'
import { SelectionBar } from './SelectionBar'
import { StatusFlags } from './StatusFlags'
import { TrashedSummary } from './TrashedSummary'
import { withAllFields } from './reviewFields'
import { parseLabelInput } from '@portal/sdk/validators'
import { dateFormat, localizeAmountParams, translateMessage, type Message } from '@portal/sdk/i18n'
import styles from './Invoices.module.css'

/** What the screen's keyboard shortcuts can ask of the open document. */
export interface DocumentShortcuts {
  /** Confirms and moves on (Ctrl+Enter); absent when the user may not confirm this document. */
  confirmAndNext?: () => void
  /** The document is confirmed already: Ctrl+Enter just moves on. */
  confirmed?: boolean
  /** Opens the first field that needs attention. */
  jumpToAttention?: () => void
}

/** Props of InvoiceDocument. */
export interface InvoiceDocumentProps {
  documentId: number
  companyNo: number
  /** The document left the view (confirmed, trashed, restored, purged): the screen moves to the next one. */
  onLeave: (id: number) => void
  /** Filled with what the shortcuts can do on this document. */
  shortcuts: MutableRefObject<DocumentShortcuts>
  /** The document as the list shows it: a trashed one's summary stands in when its fields cannot be opened. */
  row?: InvoiceRow
  /** The view the screen shows, and the address of a document in another view (for "this document is in …"). */
  view: DocumentType
  viewHref: (view: DocumentType, id: number) => string
}

/** Refusals that mean "missing or not yours"; the screen says so without telling which (SPEC §8). */
const NO_ACCESS_CODES = [400, 403, 404]

/** The open document of the Accounting screen: its pages beside its fields, with labeling, confirmation, trash and history. */
export function InvoiceDocument({ documentId, companyNo, onLeave, shortcuts, row, view, viewHref }: InvoiceDocumentProps) {
  const { t } = useTranslation('invoices')
  const { client } = useSession()
  const state = useDocumentFields(client, documentId)
  useEffect(() => {
    shortcuts.current = {}
  }, [documentId, shortcuts])
  // Until the new document's answer is in, the last one's must not show under the new id.
  if (state.kind === 'loading' || (state.kind === 'ready' && state.data.document.id !== documentId)) return <Loading label={t('document.loading')} />
  if (state.kind === 'failed' && row?.deleted_at) return <TrashedSummary row={row} onLeave={onLeave} />
  if (state.kind === 'failed') {
    const code = (state.error as { code?: number }).code ?? 0
    const keyed = errorDataOf(state.error)
    return (
      <Banner
        variant="critical"
        title={t('document.heading', { id: documentId })}
        hideTitle
        description={
          keyed?.key === 'errors:document.notFound' || keyed?.key === 'document.notFound'
            ? t('errors:document.notFound', { id: documentId })
            : NO_ACCESS_CODES.includes(code)
              ? t('errors:document.noAccess')
              : errorToMessage(state.error, t)
        }
        data-testid="document-no-access"
      />
    )
  }
  if (state.data.document.company_no !== companyNo) {
    // A document of another company in this company's URL: it is not in this view.
    return <Banner variant="critical" title={t('document.heading', { id: documentId })} hideTitle description={t('errors:document.notFound', { id: documentId })} data-testid="document-no-access" />
  }
  return (
    <DocumentReview key={documentId} data={state.data} companyNo={companyNo} onLeave={onLeave} shortcuts={shortcuts} reload={state.reload} view={view} viewHref={viewHref} />
  )
}

interface DocumentReviewProps {
  data: DocumentFields
  companyNo: number
  onLeave: (id: number) => void
  shortcuts: MutableRefObject<DocumentShortcuts>
  /** Reads the document again (its newest version), keeping this view meanwhile. */
  reload: () => void
  view: DocumentType
  viewHref: (view: DocumentType, id: number) => string
}

function DocumentReview({ data, companyNo, onLeave, shortcuts, reload, view, viewHref }: DocumentReviewProps) {
  const { t, i18n } = useTranslation('invoices')
  const { t: tDocuments } = useTranslation('documents')
  const { client, language, user } = useSession()
  const { notify, notifyError } = useSnackbar()
  const token = useAccessToken(client)
  const { document } = data
  const { isXml, file, source, page, setPage } = useDocumentPages(document, data.pages, token)

  // The version this screen last saw: the document's, or a newer one our own save answered before its event arrived.
  const [version, setVersion] = useState(document.version)
  useEffect(() => setVersion((seen) => Math.max(seen, document.version)), [document.version])

  const booked = hasStatus(document.status, DocumentStatus.Booked)
  const trashed = document.deleted_at !== null
  const finished = isProcessingFinished(document.processing_state)
  const mayLabel = useCan('document-labels', 'create', { companyNo, requires: labelPermissions(document.status) })
  const mayConfirm = useCan('document-confirmations', 'create', { companyNo })
  const mayTrash = useCan('document-trash', 'create', { companyNo })
  const mayPurge = useCan('document-trash', 'remove', { companyNo })
  const editable = mayLabel && !booked && !trashed
  const presence = usePresence(client, document.id, user.keycloakId, !trashed)

  const fieldName = useCallback(
    (field: string) => (i18n.exists(`documents:fields.${field}`) ? t(`documents:fields.${field}`) : field),
    [i18n, t],
  )
  const fields = useMemo(() => withAllFields(data.fields), [data.fields])
  const marks = useMemo(() => checkFields(fields, data.issues, document.document_type !== DocumentKind.Other), [fields, data.issues, document.document_type])
  const remarks = useMemo(() => {
    const out: Record<string, FieldRemark> = {}
    for (const [field, mark] of Object.entries(marks)) {
      // Amounts in the reasons (totals that do not add up) as the language writes them.
      const say = (m: Message) => translateMessage(t, { ...m, params: localizeAmountParams(m.params, language) })
      out[field] = { tone: mark.tone, problems: mark.problems.map(say), warnings: mark.warnings.map(say), lowConfidence: mark.lowConfidence }
    }
    return out
  }, [marks, t, language])
  const attentionCount = Object.keys(marks).length

  const [editing, setEditing] = useState<string | null>(null)
  const [region, setRegion] = useState<PageRegion | null>(null)
  const [open, setOpen] = useState<string | null>(null)
  const [active, setActive] = useState<number | null>(null)
  const [stale, setStale] = useState<string | null>(null)
  const [historyOpen, setHistoryOpen] = useState(false)
  const { setEditing: announceEditing } = presence
  useEffect(() => announceEditing(editing !== null || region !== null), [editing, region, announceEditing])

  /** A refused write: a stale version gets its own message and the newest values show; others go to the snackbar. */
  const refused = useCallback(
    (error: unknown) => {
      if (errorDataOf(error)?.key === 'documents:staleVersion') {
        // Someone saved a newer version: show theirs, and say why ours was not saved.
        setStale(t('stale.text', { who: presence.editor ?? t('stale.someone') }))
        reload()
      } else notifyError(error)
    },
    [notifyError, t, reload, presence.editor],
  )

  const saveLabel = useCallback(
    async (field: string, value: string, where?: Pick<PageRegion, 'page' | 'box'>) => {
      try {
        const answer = await client.service('document-labels').create({
          document_id: document.id,
          field: field as never,
          value,
          version,
          ...(where ? { page: where.page, box: where.box } : {}),
        })
        setVersion((seen) => Math.max(seen, answer.version))
        setStale(null)
        const text = where
          ? t('selection.assigned', { value: answer.value, field: fieldName(field) })
          : value === ''
            ? t('fields.cleared', { field: fieldName(field) })
            : t('fields.saved', { field: fieldName(field) })
        notify({ kind: 'success', text })
      } catch (error) {
        refused(error)
        throw error
      }
    },
    [client, document.id, version, notify, t, fieldName, refused],
  )

  const assignRegion = useCallback(
    (field: string) => {
      if (!region) return
      const kind = labelKind(field) ?? 'text'
      const parsed = parseLabelInput(kind, region.text)
      if (parsed.error) {
        notify({ kind: 'error', text: `${fieldName(field)}: ${translateMessage(t, parsed.error)}` })
        return
      }
      saveLabel(field, parsed.value, region).then(
        () => {
          setRegion(null)
          window.getSelection()?.removeAllRanges()
        },
        () => undefined,
      )
    },
    [region, saveLabel, notify, fieldName, t],
  )

  const actions = useDocumentActions(document.id, version, onLeave, refused)
  const { busy } = actions
  const confirmed = hasStatus(document.status, DocumentStatus.Confirmed)
  // A confirmed document stays correctable until booked; each correction is itself a confirmation of that field.
  const canConfirm = mayConfirm && editable && finished && !confirmed
  const confirm = actions.confirm

  const jumpToAttention = useCallback(() => {
    const field = firstAttentionField(fields, marks)
    if (!field) return
    const row = window.document.querySelector<HTMLElement>(`[data-testid=field-row][data-field="${field}"]`)
    row?.scrollIntoView({ block: 'center' })
    if (editable && isLabelField(field)) setEditing(field)
    else row?.querySelector<HTMLElement>('button')?.focus()
  }, [fields, marks, editable])
  useEffect(() => {
    shortcuts.current = { confirmAndNext: canConfirm ? () => void confirm() : undefined, confirmed, jumpToAttention }
  }, [shortcuts, canConfirm, confirm, confirmed, jumpToAttention])

  const onToggle = useCallback(
    (field: string) => {
      setActive(null)
      setOpen((current) => (current === field ? null : field))
      const first = fields.find((f) => f.field === field)?.candidates.find((c) => c.page !== null && c.box)
      if (first?.page) setPage(first.page)
    },
    [fields, setPage],
  )
  const onShowCandidate = useCallback(
    (field: string, index: number, candidate: FieldCandidate) => {
      setOpen(field)
      setActive(index)
      if (candidate.page) setPage(candidate.page)
    },
    [setPage],
  )
  const highlights = useMemo<Highlight[]>(() => {
    const shown: Highlight[] = []
    const field = fields.find((f) => f.field === open)
    field?.candidates.forEach((c, index) => {
      if (c.page === null || !c.box) return
      const label = `${fieldName(field.field)}: ${formatValue(field.field, c.value, tDocuments, language)} (${formatSource(c, tDocuments)})`
      shown.push({ key: `${field.field}-${index}`, page: c.page, box: c.box, active: index === active, label })
    })
    if (region) shown.push({ key: 'selection', page: region.page, box: region.box, active: true, label: t('selection.text', { text: region.text }) })
    return shown
  }, [fields, open, active, region, fieldName, t, tDocuments, language])

  const labelTargets = useMemo(() => fields.filter((f) => isLabelField(f.field)).map((f) => ({ field: f.field, name: fieldName(f.field) })), [fields, fieldName])
  const suggested = editing ?? firstAttentionField(fields.filter((f) => isLabelField(f.field)), marks)
  // Opened from a link or the search, a document may belong to another view than the list beside it.
  const home = viewOfDocument(document)
  const singleHref = buildPath(routeByName('single-document').path, { client: companyNo, document_id: document.id })
  const deletedAt = document.deleted_at ? dateFormat(language, { dateStyle: 'medium' }).format(new Date(document.deleted_at)) : ''

  return (
    <article className={styles.document} aria-labelledby="invoice-heading" data-testid="invoice-document" data-document-id={document.id} data-version={version}>
      <header className={styles.documentHead}>
        <div className={styles.documentTitle}>
          <h2 id="invoice-heading">{t('shell:routes.invoiceDetails', { id: document.id })}</h2>
          <span className={styles.fileName}>{document.file_name}</span>
          <StatusFlags status={document.status} />
          <Link as={RouterLink} to={singleHref} className={styles.singleLink}>
            <LinkExternalIcon size={12} /> {t('document.openSingle')}
          </Link>
        </div>
        <div className={styles.documentActions}>
          {trashed ? (
            <>
              {mayTrash ? (
                <Button leadingVisual={UndoIcon} onClick={() => void actions.restore()} disabled={busy} data-testid="restore">
                  {t('actions.restore')}
                </Button>
              ) : null}
              {mayPurge ? (
                <PurgeButton documentId={document.id} onPurge={actions.purge} disabled={busy} />
              ) : null}
            </>
          ) : (
            <>
              {canConfirm ? (
                <Button variant="primary" leadingVisual={CheckIcon} onClick={() => void confirm()} disabled={busy} data-testid="confirm" aria-keyshortcuts="Control+Enter">
                  {busy ? t('actions.confirming') : t('actions.confirm')}
                </Button>
              ) : null}
              {mayTrash && !booked ? (
                <Button leadingVisual={TrashIcon} onClick={() => void actions.trash()} disabled={busy} data-testid="trash">
                  {t('actions.delete')}
                </Button>
              ) : null}
            </>
          )}
          <Button variant="invisible" leadingVisual={HistoryIcon} aria-expanded={historyOpen} aria-controls="invoice-history" onClick={() => setHistoryOpen((o) => !o)} data-testid="history-toggle">
            {historyOpen ? t('history.hide') : t('history.show')}
          </Button>
        </div>
      </header>

      {home !== view && view !== DocumentType.FullText ? (
        <p className={styles.presence} data-testid="other-view">
          {t('document.inView')}{' '}
          <Link as={RouterLink} to={viewHref(home, document.id)}>
            {t(documentTypeLabelKey(home))}
          </Link>
        </p>
      ) : null}
      {stale ? (
        <Banner variant="critical" title={t('stale.title')} description={stale} onDismiss={() => setStale(null)} data-testid="stale-banner" />
      ) : null}
      {presence.editor ? (
        <Banner variant="warning" title={t('presence.editing', { name: presence.editor })} hideTitle description={t('presence.editing', { name: presence.editor })} data-testid="presence-warning" />
      ) : presence.others.length > 0 ? (
        <p className={styles.presence} data-testid="presence">
          {t('presence.alsoOpen', { names: presence.others.map((p) => p.name).join(', ') })}
        </p>
      ) : null}
      {booked ? <Banner variant="info" title={t('document.booked')} hideTitle description={t('document.booked')} /> : null}
      <ErpMessage status={document.status} message={document.erp_message} />
      {trashed ? <Banner variant="info" title={t('document.deleted', { date: deletedAt })} description={t('actions.retentionNote')} /> : null}
      {!finished ? <Banner variant="info" title={t('document.processing')} hideTitle description={t('document.processing')} /> : null}
      {!mayLabel && !booked && !trashed ? <p className={styles.muted}>{t('document.readOnly')}</p> : null}
      {historyOpen ? (
        <section id="invoice-history" className={styles.historyPanel} aria-label={t('history.heading')}>
          <h3>{t('history.heading')}</h3>
          <HistoryPanel documentId={document.id} fieldName={fieldName} />
        </section>
      ) : null}

      <div className={styles.review}>
        <div className={styles.pages}>
          {isXml && data.einvoice?.view ? (
            <EInvoiceDocument view={data.einvoice.view} file={file} fileName={document.file_name} />
          ) : isXml ? (
            <p className={styles.muted}>{t('documents:screen.viewer.noPages')}</p>
          ) : file.kind === 'failed' && !source ? (
            <p role="alert">{NO_ACCESS_CODES.includes(file.status) ? t('errors:document.noAccess') : t('documents:screen.viewer.renderFailed')}</p>
          ) : source ? (
            <PageViewer
              source={source}
              fileName={document.file_name}
              pageSizes={data.pages}
              page={page}
              onPage={setPage}
              highlights={highlights}
              onSelectRegion={editable ? setRegion : undefined}
            />
          ) : (
            <Loading label={t('document.loading')} />
          )}
          {editable && !isXml ? <p className={styles.hint}>{t('selection.hint')}</p> : null}
        </div>
        <div className={styles.fieldsPanel} tabIndex={0} role="region" aria-label={t('fields.heading')}>
          {data.einvoice?.validation ? <EInvoiceCheck validation={data.einvoice.validation} /> : null}
          {region && editable ? (
            <SelectionBar region={region} fields={labelTargets} suggested={suggested} onAssign={assignRegion} onDiscard={() => setRegion(null)} />
          ) : null}
          {!trashed && document.document_type === DocumentKind.ER ? <ApprovalPanel documentId={document.id} companyNo={companyNo} /> : null}
          {confirmed && !trashed && document.document_type !== DocumentKind.Other ? (
            <BookingPanel documentId={document.id} companyNo={companyNo} version={document.version} />
          ) : null}
          <p className={attentionCount > 0 ? styles.attention : styles.allGood} data-testid="attention-count">
            {attentionCount > 0 ? t('fields.attention', { count: attentionCount }) : t('fields.allGood')}
            {confirmed && !booked ? ` · ${t('domain:status.Confirmed')}` : ''}
          </p>
          <FieldList
            fields={fields}
            open={open}
            onToggle={onToggle}
            active={active}
            onShowCandidate={onShowCandidate}
            language={language}
            remarks={remarks}
            showConfidence
            renderEditor={
              editable
                ? (entry) =>
                    isLabelField(entry.field) ? (
                      <FieldEditor
                        field={entry.field}
                        name={fieldName(entry.field)}
                        value={entry.current?.value}
                        open={editing === entry.field}
                        onOpen={() => setEditing(entry.field)}
                        onClose={() => setEditing((current) => (current === entry.field ? null : current))}
                        onSave={(value) => saveLabel(entry.field, value)}
                      />
                    ) : null
                : undefined
            }
          />
          {trashed ? null : <CommentThread documentId={document.id} companyNo={companyNo} booked={booked} />}
        </div>
      </div>
    </article>
  )
}
