import { useEffect, useState, type FormEvent } from 'react'
import { Button, Checkbox, FormControl, TextInput } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { validateFonUser, type FonUserFields } from '@portal/sdk/domain'
import { errorToMessage } from '@portal/sdk/errors'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import styles from './FonMonitoring.module.css'

/** The FON user form (SPEC §5: not empty; the participant id a number); the PIN is write-only, empty keeps it. */
export function FonUserForm({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation('fon')
  const { t: tAny } = useTranslation()
  const { client } = useSession()
  const { notify } = useSnackbar()
  const [values, setValues] = useState<FonUserFields & { pin: string; twoFactor: boolean }>({ participantId: '', userId: '', pin: '', twoFactor: false })
  const [pinSet, setPinSet] = useState(false)
  const [tried, setTried] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  useEffect(() => {
    client
      .service('fon-settings')
      .get('fon')
      .then((settings) => {
        setValues({ participantId: settings.participantId, userId: settings.userId, pin: '', twoFactor: settings.twoFactor })
        setPinSet(settings.pinSet)
      }, () => undefined)
  }, [client])
  const problems = validateFonUser(values)
  const error = (field: keyof FonUserFields) =>
    tried && problems[field] ? (
      <FormControl.Validation variant="error">
        {tAny(problems[field]!.key, problems[field]!.params)}
      </FormControl.Validation>
    ) : null
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (Object.keys(problems).length > 0) return
    try {
      const saved = await client.service('fon-settings').patch('fon', { participantId: values.participantId.trim(), userId: values.userId.trim(), twoFactor: values.twoFactor, ...(values.pin ? { pin: values.pin } : {}) })
      setPinSet(saved.pinSet)
      setValues((current) => ({ ...current, pin: '' }))
      setRefusal(null)
      notify({ kind: 'success', text: t('settings.saved') })
      onSaved()
    } catch (failure) {
      setRefusal(errorToMessage(failure, tAny))
    }
  }
  return (
    <section aria-labelledby="fon-user-heading" className={styles.section}>
      <h2 id="fon-user-heading" className={styles.heading}>
        {t('settings.title')}
      </h2>
      <form onSubmit={(event) => void submit(event)} noValidate className={styles.userForm} data-testid="fon-user-form">
        {refusal ? (
          <p role="alert" className={styles.refusal}>
            {refusal}
          </p>
        ) : null}
        <FormControl required>
          <FormControl.Label>{t('settings.participantId')}</FormControl.Label>
          <TextInput value={values.participantId} inputMode="numeric" onChange={(event) => setValues({ ...values, participantId: event.target.value })} data-testid="fon-participant" />
          {error('participantId')}
        </FormControl>
        <FormControl required>
          <FormControl.Label>{t('settings.userId')}</FormControl.Label>
          <TextInput value={values.userId} onChange={(event) => setValues({ ...values, userId: event.target.value })} data-testid="fon-userid" />
          {error('userId')}
        </FormControl>
        <FormControl>
          <FormControl.Label>{t('settings.pin')}</FormControl.Label>
          <TextInput type="password" autoComplete="new-password" value={values.pin} onChange={(event) => setValues({ ...values, pin: event.target.value })} />
          {pinSet ? <FormControl.Caption>{t('settings.pinKeep')}</FormControl.Caption> : null}
        </FormControl>
        <FormControl>
          <Checkbox checked={values.twoFactor} onChange={(event) => setValues({ ...values, twoFactor: event.target.checked })} data-testid="fon-two-factor" />
          <FormControl.Label>{t('settings.twoFactor')}</FormControl.Label>
        </FormControl>
        <Button type="submit" data-testid="fon-user-save">
          {t('settings.save')}
        </Button>
      </form>
    </section>
  )
}
