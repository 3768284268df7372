import { useCallback, useEffect, useState } from 'react'
import { Button, ConfirmationDialog } from '@primer/react'
import { PlusIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import { can, type Scanner, type ScannerTokenAnswer } from '@portal/sdk/services'
import { Loading } from '../../components/Loading/Loading'
import { PageFrame } from '../../components/PageFrame/PageFrame'
import { useCan } from '../../hooks/useCan'
import { useCompany } from '../../hooks/useCompany'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { IntakePanel } from './IntakePanel'
import { RegisterDialog } from './RegisterDialog'
import { ScannersTable, type ScannerAction } from './ScannersTable'
import { TokenDialog } from './TokenDialog'
import { useScanners } from './useScanners'
import styles from './ScannerAdmin.module.css'

/** True when a key press belongs to a text field or a dialog, not to the screen's shortcuts. */
function typing(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null
  return !!element?.closest('input, textarea, select, [role=dialog]')
}

/**
 * The scanner manager (SPEC §2 `/scanner-admin`, admin group): the scanners with location, company, activation, last
 * seen, assigned users, today's documents and last error, updated live as scanners deliver; register (the token is
 * shown once), new token, revoke, deactivate and activate, each confirmed; and the selected company's e-mail intake
 * with its recent log. `n` registers a scanner from anywhere on the screen.
 */
export function ScannerAdminScene() {
  const { t } = useTranslation('scanners')
  const { t: tShell } = useTranslation('shell')
  const { t: tAny } = useTranslation()
  const { client, user } = useSession()
  const { client: companyNo, companies } = useCompany()
  const { notify, notifyError } = useSnackbar()
  const mayList = useCan('scanners', 'find')
  const state = useScanners(mayList, notifyError)
  const [registering, setRegistering] = useState(false)
  const [token, setToken] = useState<ScannerTokenAnswer | null>(null)
  const [asking, setAsking] = useState<{ scanner: Scanner; action: ScannerAction } | null>(null)
  const registrable = companies.filter((company) => can(user, 'scanner-registrations', 'create', { companyNo: company.company_no }))
  const company = companies.find((entry) => entry.company_no === companyNo)
  const mayIntake = useCan('intake-settings', 'find', { companyNo })

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'n' || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return
      if (registrable.length === 0) return
      event.preventDefault()
      setRegistering(true)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [registrable.length])

  const run = useCallback(
    async (scanner: Scanner, action: ScannerAction) => {
      try {
        if (action === 'rotate') setToken(await client.service('scanner-tokens').create({ scanner_id: scanner.id }))
        else if (action === 'revoke') await client.service('scanner-tokens').remove(scanner.id)
        else await client.service('scanners').patch(scanner.id, { activated: action === 'activate' })
        if (action !== 'rotate') notify({ kind: 'success', text: t(`actions.${action}`) + ': ' + scanner.location })
      } catch (error) {
        notifyError(error)
      }
    },
    [client, notify, notifyError, t],
  )

  return (
    <PageFrame title={tShell('routes.scanner-admin', { defaultValue: t('title') })} testId="scene-scanner-admin" wide>
      {/* The page's heading is already "Scanners": the list is named by it, not by a second heading. */}
      <section aria-label={t('title')} className={styles.section}>
        <div className={styles.toolbar}>
          <Button variant="primary" leadingVisual={PlusIcon} onClick={() => setRegistering(true)} disabled={registrable.length === 0} aria-keyshortcuts="N" data-testid="register-scanner">
            {t('actions.register')}
          </Button>
        </div>
        <p className={styles.muted}>{t('keys')}</p>
        {!state || state.loading ? (
          <Loading label={t('loading')} />
        ) : state.items.length === 0 ? (
          <p data-testid="scanners-empty">{t('empty')}</p>
        ) : (
          <ScannersTable scanners={state.items} onAction={(scanner, action) => setAsking({ scanner, action })} onRegister={() => setRegistering(true)} />
        )}
      </section>
      {company && mayIntake ? <IntakePanel companyNo={company.company_no} companyName={company.company_name} /> : null}
      {registering ? (
        <RegisterDialog
          companies={registrable}
          companyNo={companyNo}
          onClose={() => setRegistering(false)}
          onRegistered={(answer) => {
            setRegistering(false)
            setToken(answer)
          }}
        />
      ) : null}
      {token ? <TokenDialog answer={token} onClose={() => setToken(null)} /> : null}
      {asking ? (
        <ConfirmationDialog
          title={t(`actions.${asking.action}`)}
          onClose={(gesture) => {
            const chosen = asking
            setAsking(null)
            if (gesture === 'confirm') void run(chosen.scanner, chosen.action)
          }}
          confirmButtonContent={t('actions.confirm')}
          cancelButtonContent={t('actions.cancel')}
          confirmButtonType={asking.action === 'revoke' || asking.action === 'deactivate' ? 'danger' : 'normal'}
        >
          {tAny(`scanners:confirm.${asking.action}`, { location: asking.scanner.location })}
        </ConfirmationDialog>
      ) : null}
    </PageFrame>
  )
}
