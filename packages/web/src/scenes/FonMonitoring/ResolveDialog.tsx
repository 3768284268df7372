import { useRef, useState, type FormEvent } from 'react'
import { Button, Dialog, FormControl, Textarea } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { MAX_REMARK_LENGTH, validateRemark } from '@portal/sdk/domain'
import { errorToMessage } from '@portal/sdk/errors'
import type { FonItem } from '@portal/sdk/services'
import { useSession } from '../../hooks/useSession'
import { ConflictSides } from './ConflictSides'
import styles from './FonMonitoring.module.css'

/** Props of ResolveDialog. */
export interface ResolveDialogProps {
  item: FonItem
  onResolved: (item: FonItem) => void
  onClose: () => void
}

/** Resolves a conflict manually: both sides shown, a remark required (Ctrl+Enter sends), refusals told in place. */
export function ResolveDialog({ item, onResolved, onClose }: ResolveDialogProps) {
  const { t } = useTranslation('fon')
  const { t: tAny } = useTranslation()
  const { client } = useSession()
  const field = useRef<HTMLTextAreaElement>(null)
  const [remark, setRemark] = useState('')
  const [tried, setTried] = useState(false)
  const [saving, setSaving] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const problem = validateRemark(remark)

  const submit = async (event?: FormEvent) => {
    event?.preventDefault()
    setTried(true)
    if (saving || problem) return
    setSaving(true)
    try {
      onResolved(await client.service('fon-items').patch(item.id, { action: 'resolve', remark: remark.trim(), version: item.version }))
    } catch (failure) {
      setRefusal(errorToMessage(failure, tAny))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog title={t('resolve.title')} subtitle={`${item.name} · ${item.taxId} · ${item.returnType} ${item.year}`} onClose={onClose} width="large" initialFocusRef={field}>
      <form onSubmit={(event) => void submit(event)} noValidate className={styles.form} data-testid="resolve-form">
        <ConflictSides item={item} />
        {refusal ? (
          <p role="alert" className={styles.refusal} data-testid="resolve-refusal">
            {refusal}
          </p>
        ) : null}
        <FormControl required>
          <FormControl.Label>{t('resolve.remark')}</FormControl.Label>
          <Textarea
            ref={field}
            value={remark}
            onChange={(event) => {
              setRemark(event.target.value)
              setRefusal(null)
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit()
            }}
            block
            maxLength={MAX_REMARK_LENGTH}
            data-testid="resolve-remark"
          />
          <FormControl.Caption>{t('resolve.remarkHint')}</FormControl.Caption>
          {tried && problem ? (
            <FormControl.Validation variant="error">
              {t('errors.remarkRequired')}
            </FormControl.Validation>
          ) : null}
        </FormControl>
        <div className={styles.dialogButtons}>
          <Button type="button" onClick={onClose}>
            {t('resolve.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={saving} data-testid="resolve-submit">
            {t('resolve.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
