import { Button } from '@primer/react'
import { DownloadIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import type { EInvoiceView } from '@portal/sdk/domain'
import type { DocumentFileState } from '../../hooks/useDocumentFile'
import { downloadBytes } from '../../lib/downloadBytes'
import { EInvoicePage } from './EInvoicePage'

/** Props of EInvoiceDocument. */
export interface EInvoiceDocumentProps {
  view: EInvoiceView
  /** The fetched original XML, downloadable exactly as it came. */
  file: DocumentFileState
  fileName: string
}

/** An XML e-invoice in the viewer's place: its readable page, with the download of the original XML. */
export function EInvoiceDocument({ view, file, fileName }: EInvoiceDocumentProps) {
  const { t } = useTranslation('documents')
  const download =
    file.kind === 'ready' ? (
      <Button size="small" leadingVisual={DownloadIcon} onClick={() => downloadBytes(file, fileName)} data-testid="einvoice-download">
        {t('einvoice.page.download')}
      </Button>
    ) : null
  return <EInvoicePage view={view} actions={download} />
}
