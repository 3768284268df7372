import { useParams } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { FramedEmpty } from '../../components/FramedEmpty/FramedEmpty'

/** The document editor, for a company and optionally one of its documents (SPEC §2). */
export function DocumentEditorScene() {
  const { t } = useTranslation('shell')
  const { documentId } = useParams()
  if (documentId) return <FramedEmpty route="document-editor-document" details={[t('pages.documentId', { id: documentId })]} />
  return <FramedEmpty route="document-editor" />
}
