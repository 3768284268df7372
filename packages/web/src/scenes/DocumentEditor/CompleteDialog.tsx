import { useState } from 'react'
import { Button, Dialog, FormControl, Select } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { DOCUMENT_KINDS, DocumentKind } from '@portal/sdk/domain'
import type { EditorPart } from '@portal/sdk/services'
import styles from './DocumentEditor.module.css'

/** Props of CompleteDialog. */
export interface CompleteDialogProps {
  parts: readonly EditorPart[]
  companies: readonly { company_no: number; company_name: string }[]
  companyNo: number
  busy: boolean
  onComplete: (choice: { client_no: number; document_group: DocumentKind }) => void
  onClose: () => void
}

/** Completion: the client and document group the chosen parts become documents of (SPEC §5). */
export function CompleteDialog({ parts, companies, companyNo, busy, onComplete, onClose }: CompleteDialogProps) {
  const { t } = useTranslation('editor')
  const [client, setClient] = useState(companyNo)
  const [group, setGroup] = useState<DocumentKind>(DocumentKind.ER)
  return (
    <Dialog title={t('complete.heading')} onClose={onClose} width="large">
      <div className={styles.dialog} data-testid="editor-complete-dialog">
        <p className={styles.muted}>{t('complete.intro')}</p>
        <FormControl id="editor-complete-client">
          <FormControl.Label>{t('complete.client')}</FormControl.Label>
          <Select value={String(client)} onChange={(event) => setClient(Number(event.target.value))}>
            {companies.map((company) => (
              <Select.Option key={company.company_no} value={String(company.company_no)}>
                {`${company.company_no} ${company.company_name}`}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        <FormControl id="editor-complete-group">
          <FormControl.Label>{t('complete.group')}</FormControl.Label>
          <Select value={group} onChange={(event) => setGroup(event.target.value as DocumentKind)}>
            {DOCUMENT_KINDS.map((kind) => (
              <Select.Option key={kind} value={kind}>
                {t(`groups.${kind}`)}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        <h2 className={styles.heading}>{t('complete.parts')}</h2>
        <ul>
          {parts.map((part) => (
            <li key={part.id}>
              {part.name} · {t('list.pages', { count: part.pages.length })}
            </li>
          ))}
        </ul>
        <div className={styles.footer}>
          <Button onClick={onClose}>{t('complete.cancel')}</Button>
          <Button variant="primary" disabled={busy} onClick={() => onComplete({ client_no: client, document_group: group })} data-testid="editor-complete-submit">
            {t('complete.submit')}
          </Button>
        </div>
      </div>
    </Dialog>
  )
}
