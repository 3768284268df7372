import { useState } from 'react'
import { Button, ConfirmationDialog } from '@primer/react'
import { TrashIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'

/** Props of PurgeButton. */
export interface PurgeButtonProps {
  documentId: number
  onPurge: () => Promise<void>
  disabled: boolean
}

/** "Delete permanently" for a trashed document: asks first, since it cannot be undone. */
export function PurgeButton({ documentId, onPurge, disabled }: PurgeButtonProps) {
  const { t } = useTranslation('invoices')
  const [asking, setAsking] = useState(false)
  return (
    <>
      <Button variant="danger" leadingVisual={TrashIcon} onClick={() => setAsking(true)} disabled={disabled} data-testid="purge">
        {t('actions.purge')}
      </Button>
      {asking ? (
        <ConfirmationDialog
          title={t('actions.purgeTitle', { id: documentId })}
          onClose={(gesture) => {
            setAsking(false)
            if (gesture === 'confirm') void onPurge()
          }}
          confirmButtonContent={t('actions.purge')}
          cancelButtonContent={t('actions.cancel')}
          confirmButtonType="danger"
        >
          {t('actions.purgeText')}
        </ConfirmationDialog>
      ) : null}
    </>
  )
}
