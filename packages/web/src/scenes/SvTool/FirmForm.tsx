import { useEffect, useState, type FormEvent } from 'react'
import { Button, FormControl, TextInput } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { validateFirm, type FirmFields } from '@portal/sdk/domain'
import { errorDataOf, errorToMessage } from '@portal/sdk/errors'
import type { Firm } from '@portal/sdk/services'
import { Loading } from '../../components/Loading/Loading'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import styles from './SvTool.module.css'
import { dateFormat } from '@portal/sdk/i18n'

/**
 * The tax firm (SPEC §3 "Tax firm", §5 "Firm form"): name, NTCS id (a number), WEBEKU user and the write-only
 * password — empty keeps the stored one, a saved one is never shown again. Save and delete with SPEC §8's messages.
 */
export function FirmForm() {
  const { t, i18n } = useTranslation('admin')
  const { t: tAny } = useTranslation()
  const { client } = useSession()
  const { notify } = useSnackbar()
  const [firm, setFirm] = useState<Firm | null>(null)
  const [values, setValues] = useState<FirmFields & { webekuPassword: string }>({ name: '', ntcsId: '', webekuUser: '', webekuPassword: '' })
  const [tried, setTried] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const show = (answer: Firm) => {
    setFirm(answer)
    setValues({ name: answer.name, ntcsId: answer.ntcsId === null ? '' : String(answer.ntcsId), webekuUser: answer.webekuUser, webekuPassword: '' })
  }
  useEffect(() => {
    client
      .service('firm')
      .find()
      .then(show, (failure: unknown) => setRefusal(errorToMessage(failure, tAny)))
  }, [client, tAny])

  const problems = validateFirm(values)
  const passwordMissing = tried && !firm?.webekuPasswordSet && values.webekuPassword === ''
  const error = (field: keyof FirmFields) =>
    tried && problems[field] ? <FormControl.Validation variant="error">{tAny(problems[field]!.key, problems[field]!.params)}</FormControl.Validation> : null
  const reason = (failure: unknown) => {
    const data = errorDataOf(failure)
    return data?.params.rule && typeof data.params.rule === 'string' ? `${data.params.field}: ${tAny(data.params.rule)}` : errorToMessage(failure, tAny)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    setRefusal(null)
    if (Object.keys(problems).length > 0 || (!firm?.webekuPasswordSet && values.webekuPassword === '')) return
    try {
      show(await client.service('firm').patch('firm', { name: values.name.trim(), ntcsId: values.ntcsId.trim(), webekuUser: values.webekuUser.trim(), webekuPassword: values.webekuPassword }))
      setTried(false)
      notify({ kind: 'success', text: t('firm.saved') })
    } catch (failure) {
      setRefusal(t('firm.saveFailed', { reason: reason(failure) }))
    }
  }
  const remove = async () => {
    setConfirming(false)
    try {
      show(await client.service('firm').remove('firm'))
      notify({ kind: 'success', text: t('firm.deleted') })
    } catch (failure) {
      setRefusal(t('firm.deleteFailed', { reason: errorToMessage(failure, tAny) }))
    }
  }

  if (!firm && !refusal) return <Loading label={t('firm.loading')} />
  const when = dateFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' })
  return (
    <section aria-labelledby="firm-heading" className={styles.section}>
      <h2 id="firm-heading" className={styles.heading}>
        {t('firm.title')}
      </h2>
      <p className={styles.muted}>
        {t('firm.intro')}
        {firm?.updatedAt ? ` ${t('firm.updatedAt', { at: when.format(new Date(firm.updatedAt)) })}` : ''}
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate className={styles.form} data-testid="firm-form">
        {refusal ? (
          <p role="alert" className={styles.refusal} data-testid="firm-refusal">
            {refusal}
          </p>
        ) : null}
        <FormControl required>
          <FormControl.Label>{t('firm.name')}</FormControl.Label>
          <TextInput block value={values.name} onChange={(event) => setValues({ ...values, name: event.target.value })} data-testid="firm-name" />
          {error('name')}
        </FormControl>
        <FormControl required>
          <FormControl.Label>{t('firm.ntcsId')}</FormControl.Label>
          <TextInput block inputMode="numeric" value={values.ntcsId} onChange={(event) => setValues({ ...values, ntcsId: event.target.value })} data-testid="firm-ntcs" />
          {error('ntcsId')}
        </FormControl>
        <FormControl required>
          <FormControl.Label>{t('firm.webekuUser')}</FormControl.Label>
          <TextInput block autoComplete="off" value={values.webekuUser} onChange={(event) => setValues({ ...values, webekuUser: event.target.value })} data-testid="firm-user" />
          {error('webekuUser')}
        </FormControl>
        <FormControl required={!firm?.webekuPasswordSet}>
          <FormControl.Label>{t('firm.webekuPassword')}</FormControl.Label>
          <TextInput
            block
            type="password"
            autoComplete="new-password"
            value={values.webekuPassword}
            onChange={(event) => setValues({ ...values, webekuPassword: event.target.value })}
            data-testid="firm-password"
          />
          <FormControl.Caption>{firm?.webekuPasswordSet ? t('firm.passwordKeep') : t('firm.passwordNone')}</FormControl.Caption>
          {passwordMissing ? <FormControl.Validation variant="error">{tAny('validation:required')}</FormControl.Validation> : null}
        </FormControl>
        <div className={styles.actions}>
          <Button type="submit" variant="primary" data-testid="firm-save">
            {t('firm.save')}
          </Button>
          {firm?.saved && !confirming ? (
            <Button variant="danger" onClick={() => setConfirming(true)} data-testid="firm-delete">
              {t('firm.delete')}
            </Button>
          ) : null}
          {confirming ? (
            <span role="alertdialog" aria-label={t('firm.deleteConfirm')}>
              {t('firm.deleteConfirm')}{' '}
              <Button variant="danger" onClick={() => void remove()} data-testid="firm-delete-confirm">
                {t('firm.delete')}
              </Button>{' '}
              <Button onClick={() => setConfirming(false)}>{t('firm.deleteCancel')}</Button>
            </span>
          ) : null}
        </div>
      </form>
    </section>
  )
}
