import { useCallback, useMemo, useState } from 'react'
import { Link as RouterLink, useParams } from 'react-router-dom'
import { Banner, Button, Link } from '@primer/react'
import { ArrowLeftIcon, DownloadIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import { DocumentStatus, hasStatus, isProcessingFinished } from '@portal/sdk/domain'
import { errorToMessage } from '@portal/sdk/errors'
import { buildPath, parseClientParams, routeByName } from '@portal/sdk/state'
import type { DocumentFields, FieldCandidate } from '@portal/sdk/services'
import { CommentThread } from '../../components/Comments/CommentThread'
import { EInvoiceCheck } from '../../components/EInvoice/EInvoiceCheck'
import { EInvoiceDocument } from '../../components/EInvoice/EInvoiceDocument'
import { Loading } from '../../components/Loading/Loading'
import { PageFrame } from '../../components/PageFrame/PageFrame'
import type { Highlight } from '../../components/PageViewer/PageViewer'
import { PageViewer } from '../../components/PageViewer/PageViewer'
import { useAccessToken } from '../../hooks/useAccessToken'
import { useDocumentFields } from '../../hooks/useDocumentFields'
import { useDocumentPages } from '../../hooks/useDocumentPages'
import { useSession } from '../../hooks/useSession'
import { downloadBytes } from '../../lib/downloadBytes'
import { FieldList } from './FieldList'
import { formatSource, formatValue } from './formatValue'
import styles from './SingleDocument.module.css'

/** Refusals that mean "missing or not yours"; the view says so without telling which (SPEC §8). */
const NO_ACCESS_CODES = [400, 403, 404]

/** The single-document view (/doc/{client?}/{document_id}): the pages next to the extracted fields and their sources. */
export function SingleDocumentScene() {
  const { t } = useTranslation('documents')
  const { t: tShell } = useTranslation('shell')
  const params = useParams()
  const { documentId } = parseClientParams(params)
  const { client } = useSession()
  const state = useDocumentFields(client, documentId)

  if (state.kind === 'loading') return <Loading label={t('screen.viewer.loading')} />
  if (state.kind === 'failed') {
    const code = (state.error as { code?: number }).code ?? 0
    return (
      <PageFrame title={tShell('routes.single-document')} testId="scene-single-document">
        <Banner
          variant="critical"
          title={tShell('routes.single-document')}
          hideTitle
          description={NO_ACCESS_CODES.includes(code) ? t('errors:document.noAccess') : errorToMessage(state.error, t)}
          data-testid="document-no-access"
        />
      </PageFrame>
    )
  }
  return <DocumentView data={state.data} />
}

function DocumentView({ data }: { data: DocumentFields }) {
  const { t, i18n } = useTranslation('documents')
  const { client, language } = useSession()
  const token = useAccessToken(client)
  const { document, pages, fields } = data
  const { isXml, file, source, page, setPage } = useDocumentPages(document, pages, token)
  const [open, setOpen] = useState<string | null>(null)
  const [active, setActive] = useState<number | null>(null)

  const onToggle = useCallback(
    (field: string) => {
      setActive(null)
      if (open === field) {
        setOpen(null)
        return
      }
      setOpen(field)
      // Turn to where the field's candidates stand, so the highlights are in view.
      const first = fields.find((f) => f.field === field)?.candidates.find((c) => c.page !== null && c.box)
      if (first?.page) setPage(first.page)
    },
    [open, fields],
  )
  const onShowCandidate = useCallback((field: string, index: number, candidate: FieldCandidate) => {
    setOpen(field)
    setActive(index)
    if (candidate.page) setPage(candidate.page)
  }, [])

  const highlights = useMemo<Highlight[]>(() => {
    const field = fields.find((f) => f.field === open)
    if (!field) return []
    const name = i18n.exists(`documents:fields.${field.field}`) ? t(`fields.${field.field}` as 'fields.iban') : field.field
    return field.candidates.flatMap((c, index) =>
      c.page !== null && c.box
        ? [
            {
              key: `${field.field}-${index}`,
              page: c.page,
              box: c.box,
              active: index === active,
              label: t('screen.viewer.highlight', { field: name, value: formatValue(field.field, c.value, t, language), source: formatSource(c, t) }),
            },
          ]
        : [],
    )
  }, [fields, open, active, t, i18n, language])

  const backHref = buildPath(routeByName('documents').path, { client: document.company_no })
  return (
    <PageFrame title={document.file_name} testId="scene-single-document">
      <div className={styles.topLinks}>
        <Link as={RouterLink} to={backHref}>
          <ArrowLeftIcon /> {t('screen.viewer.back')}
        </Link>
        {file.kind === 'ready' ? (
          <Button size="small" variant="invisible" leadingVisual={DownloadIcon} onClick={() => downloadBytes(file, document.file_name)}>
            {t('screen.viewer.download')}
          </Button>
        ) : null}
      </div>
      {document.client_note ? (
        <p className={styles.clientNote} data-testid="client-note">
          <strong>{t('screen.viewer.clientNote')}</strong> {document.client_note}
        </p>
      ) : null}
      {!isProcessingFinished(document.processing_state) ? (
        <Banner variant="info" title={t('screen.fields.heading')} hideTitle description={t('screen.fields.processing')} />
      ) : null}
      <div className={styles.layout}>
        <div className={styles.pages}>
          {isXml && data.einvoice?.view ? (
            <EInvoiceDocument view={data.einvoice.view} file={file} fileName={document.file_name} />
          ) : isXml ? (
            <p className={styles.muted}>{t('screen.viewer.noPages')}</p>
          ) : file.kind === 'failed' ? (
            <p role="alert">{NO_ACCESS_CODES.includes(file.status) ? t('errors:document.noAccess') : t('screen.viewer.renderFailed')}</p>
          ) : source ? (
            <PageViewer source={source} fileName={document.file_name} pageSizes={pages} page={page} onPage={setPage} highlights={highlights} />
          ) : (
            <Loading label={t('screen.viewer.loading')} />
          )}
        </div>
        {/* Scrolls on its own: focusable, so keyboard users can scroll it even when no field has candidates to open. */}
        <div className={styles.panel} tabIndex={0} role="region" aria-label={t('screen.fields.heading')}>
          {data.einvoice?.validation ? <EInvoiceCheck validation={data.einvoice.validation} /> : null}
          <FieldList fields={fields} open={open} onToggle={onToggle} active={active} onShowCandidate={onShowCandidate} language={language} />
          {document.deleted_at ? null : <CommentThread documentId={document.id} companyNo={document.company_no} booked={hasStatus(document.status, DocumentStatus.Booked)} />}
        </div>
      </div>
    </PageFrame>
  )
}
