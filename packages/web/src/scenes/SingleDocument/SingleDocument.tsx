import { useParams } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { FramedEmpty } from '../../components/FramedEmpty/FramedEmpty'

/** The single-document view (SPEC §2: /doc/{client?}/{document_id}). */
export function SingleDocumentScene() {
  const { t } = useTranslation('shell')
  const { document_id: documentId } = useParams()
  return <FramedEmpty route="single-document" details={[t('pages.documentId', { id: documentId })]} />
}
