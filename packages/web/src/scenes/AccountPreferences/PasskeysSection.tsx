import { formatDate } from '@portal/sdk/i18n'
import { useState, type FormEvent } from 'react'
import { Button, FormControl, TextInput } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { browserSupportsWebAuthn, startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser'
import type { PasskeyInfo } from '@portal/sdk/services'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { fieldError } from './fieldError'
import { ConfirmForm } from './ConfirmForm'
import type { SecuritySectionProps } from './useAccountSecurity'
import styles from './AccountPreferences.module.css'

/** Passkeys and security keys: add several with names, rename, remove after a question (each may ask for the step-up first). */
export function PasskeysSection({ state, run }: SecuritySectionProps) {
  const { t } = useTranslation('security')
  const { t: tAny } = useTranslation()
  const { language } = useSession()
  const { notify } = useSnackbar()
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [renaming, setRenaming] = useState<{ id: string; name: string; error?: string } | null>(null)
  const [removing, setRemoving] = useState<string | null>(null)
  const supported = browserSupportsWebAuthn()
  const date = (iso: string) => formatDate(iso, language, { dateStyle: 'medium', timeStyle: 'short' })

  const add = async (event: FormEvent) => {
    event.preventDefault()
    const label = name.trim()
    if (!label || label.length > 64) return setError(t('errors.nameRequired'))
    setBusy(true)
    setError(null)
    try {
      const begun = await run({ action: 'passkeyBegin' })
      let response
      try {
        response = await startRegistration({ optionsJSON: begun.registration as unknown as PublicKeyCredentialCreationOptionsJSON })
      } catch {
        setError(t('passkeys.cancelled'))
        return
      }
      await run({ action: 'passkeyFinish', name: label, response })
      setName('')
      notify({ kind: 'success', text: t('passkeys.added', { name: label }) })
    } catch (refusal) {
      setError(fieldError(refusal, tAny).message)
    } finally {
      setBusy(false)
    }
  }

  const rename = async (event: FormEvent) => {
    event.preventDefault()
    if (!renaming) return
    try {
      await run({ action: 'passkeyRename', id: renaming.id, name: renaming.name })
      setRenaming(null)
    } catch (refusal) {
      setRenaming({ ...renaming, error: fieldError(refusal, tAny).message })
    }
  }

  const item = (passkey: PasskeyInfo) => (
    <li key={passkey.id} className={styles.item} data-testid="passkey">
      {renaming?.id === passkey.id ? (
        <form className={styles.form} onSubmit={(event) => void rename(event)}>
          <FormControl>
            <FormControl.Label>{t('passkeys.name')}</FormControl.Label>
            <TextInput
              autoFocus
              value={renaming.name}
              maxLength={64}
              onChange={(event) => setRenaming({ id: passkey.id, name: event.target.value })}
              onKeyDown={(event) => event.key === 'Escape' && setRenaming(null)}
            />
            {renaming.error && <FormControl.Validation variant="error">{renaming.error}</FormControl.Validation>}
          </FormControl>
          <div className={styles.actions}>
            <Button type="submit" variant="primary">
              {t('passkeys.save')}
            </Button>
            <Button type="button" onClick={() => setRenaming(null)}>
              {t('totp.cancel')}
            </Button>
          </div>
        </form>
      ) : removing === passkey.id ? (
        <ConfirmForm
          testId="passkey-confirm"
          question={t('confirm.passkeyRemove', { name: passkey.name })}
          onConfirm={async () => {
            await run({ action: 'passkeyRemove', id: passkey.id })
            setRemoving(null)
          }}
          onCancel={() => setRemoving(null)}
        />
      ) : (
        <>
          <span className={styles.itemText}>
            <strong data-testid="passkey-name">{passkey.name}</strong>
            <span className={styles.muted}>
              {t('passkeys.created', { date: date(passkey.createdAt) })} · {passkey.lastUsedAt ? t('passkeys.lastUsed', { date: date(passkey.lastUsedAt) }) : t('passkeys.neverUsed')}
            </span>
          </span>
          <span className={styles.actions}>
            <Button size="small" onClick={() => setRenaming({ id: passkey.id, name: passkey.name })} aria-label={`${t('passkeys.rename')}: ${passkey.name}`}>
              {t('passkeys.rename')}
            </Button>
            <Button size="small" variant="danger" onClick={() => setRemoving(passkey.id)} aria-label={`${t('passkeys.remove')}: ${passkey.name}`}>
              {t('passkeys.remove')}
            </Button>
          </span>
        </>
      )}
    </li>
  )

  return (
    <section className={styles.section} aria-labelledby="security-passkeys" data-testid="security-passkeys">
      <h2 id="security-passkeys">{t('passkeys.heading')}</h2>
      {state.passkeys.length === 0 ? <p className={styles.muted}>{t('passkeys.none')}</p> : <ul className={styles.list}>{state.passkeys.map(item)}</ul>}
      {supported ? (
        <form className={styles.form} onSubmit={(event) => void add(event)} data-testid="passkey-add">
          <FormControl>
            <FormControl.Label>{t('passkeys.name')}</FormControl.Label>
            <TextInput name="passkey-name" placeholder={t('passkeys.namePlaceholder')} maxLength={64} value={name} onChange={(event) => setName(event.target.value)} />
            {error && <FormControl.Validation variant="error">{error}</FormControl.Validation>}
          </FormControl>
          <div className={styles.actions}>
            <Button type="submit" disabled={busy || state.external}>
              {t('passkeys.add')}
            </Button>
          </div>
        </form>
      ) : (
        <p className={styles.muted}>{t('passkeys.unsupported')}</p>
      )}
    </section>
  )
}
