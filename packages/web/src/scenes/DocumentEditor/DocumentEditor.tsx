import { useParams } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/PageFrame/PageFrame'
import { useCompany } from '../../hooks/useCompany'
import { BatchEditor } from './BatchEditor'
import { BatchList } from './BatchList'

/**
 * The document editor (SPEC §2, ded): `/document-editor/{client}` lists the company's scan batches waiting in the
 * editor; `/document-editor/{client}/{documentId}` ("document-editor-document") opens one, cut where each invoice
 * begins, to fix and complete into one document per invoice.
 */
export function DocumentEditorScene() {
  const { t } = useTranslation('shell')
  const { documentId } = useParams()
  const { client: companyNo } = useCompany()
  const id = Number(documentId)
  if (documentId && Number.isInteger(id) && id > 0) {
    return (
      <PageFrame title={t('routes.document-editor-document')} testId="scene-document-editor-document" wide>
        <BatchEditor key={id} companyNo={companyNo} documentId={id} />
      </PageFrame>
    )
  }
  return (
    <PageFrame title={t('routes.document-editor')} testId="scene-document-editor">
      <BatchList companyNo={companyNo} />
    </PageFrame>
  )
}
