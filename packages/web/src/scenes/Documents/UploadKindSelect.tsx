import { FormControl, Select } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { isUploadType, kindPermissions, UPLOAD_TYPE_KIND, UPLOAD_TYPES, type UploadType } from '@portal/sdk/domain'
import { useSession } from '../../hooks/useSession'
import { can } from '@portal/sdk/services'
import styles from './Documents.module.css'

/** Props of UploadKindSelect. */
export interface UploadKindSelectProps {
  companyNo: number
  /** The chosen kind; undefined: the portal recognises it. */
  value: UploadType | undefined
  onChange: (value: UploadType | undefined) => void
}

/**
 * The kind the next uploads are taken in as (as the CLI's `--type`): recognised automatically, or incoming, outgoing,
 * cash book or other. The outgoing choice is offered only to people who may see outgoing invoices (lar), as the
 * server refuses it to anyone else.
 */
export function UploadKindSelect({ companyNo, value, onChange }: UploadKindSelectProps) {
  const { t } = useTranslation('documents')
  const { user } = useSession()
  const offered = UPLOAD_TYPES.filter((type) => can(user, 'documents', 'create', { companyNo, recordRequires: kindPermissions(UPLOAD_TYPE_KIND[type]) }))
  return (
    <FormControl id="upload-kind" className={styles.uploadKind}>
      <FormControl.Label>{t('screen.upload.kind')}</FormControl.Label>
      <Select value={value ?? ''} onChange={(event) => onChange(isUploadType(event.target.value) ? event.target.value : undefined)} data-testid="upload-kind">
        <Select.Option value="">{t('screen.upload.kinds.auto')}</Select.Option>
        {offered.map((type) => (
          <Select.Option key={type} value={type}>
            {t(`screen.upload.kinds.${type}`)}
          </Select.Option>
        ))}
      </Select>
      <FormControl.Caption>{t('screen.upload.kindHint')}</FormControl.Caption>
    </FormControl>
  )
}
