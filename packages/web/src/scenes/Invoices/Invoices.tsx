import { useParams } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { parseClientParams } from '@portal/sdk/state'
import { FramedEmpty } from '../../components/FramedEmpty/FramedEmpty'

/** Accounting (SPEC §2 invoices): document type defaults to er_u, document id to 0. */
export function InvoicesScene() {
  const { t } = useTranslation('shell')
  const { documentType, documentId } = parseClientParams(useParams())
  const details = [t('pages.documentType', { type: documentType.toUpperCase() })]
  if (documentId) details.push(t('pages.documentId', { id: documentId }))
  return <FramedEmpty route="invoices" details={details} />
}
