import { useRef, type KeyboardEvent } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/PageFrame/PageFrame'
import { AccountDetail } from './AccountDetail'
import { AccountsTable } from './AccountsTable'
import { FirmForm } from './FirmForm'
import { SvImportPanel } from './SvImportPanel'
import styles from './SvTool.module.css'

const TABS = ['accounts', 'attention', 'imports', 'firm'] as const
type Tab = (typeof TABS)[number]

/**
 * The contribution-account / tax-firm tool (SPEC §2 `/admin/sv-tool`, admin): the ÖGK contribution accounts with the
 * attention list, one account with its payment reference, the import of the firm's exports, and the tax firm itself.
 * The tab and the opened account are in the URL (?tab=…&account=…); ←/→ move between the tabs.
 */
export function SvToolScene() {
  const { t, i18n } = useTranslation('admin')
  const { t: tShell } = useTranslation('shell')
  const [params, setParams] = useSearchParams()
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'accounts'
  const account = /^\d+$/.test(params.get('account') ?? '') ? Number(params.get('account')) : null
  const tabs = useRef<HTMLDivElement>(null)
  const select = (next: Tab) => setParams({ tab: next })
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    const index = TABS.indexOf(tab) + (event.key === 'ArrowRight' ? 1 : -1)
    const next = TABS[(index + TABS.length) % TABS.length]!
    select(next)
    tabs.current?.querySelector<HTMLButtonElement>(`[data-tab="${next}"]`)?.focus()
  }
  return (
    <PageFrame title={tShell('routes.sv-tool', { defaultValue: t('sv.title') })} testId="scene-sv-tool" wide>
      <p className={styles.muted}>{t('sv.intro')}</p>
      <div role="tablist" aria-label={t('sv.title')} className={styles.tabs} ref={tabs} onKeyDown={onKey}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`sv-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="sv-panel"
            tabIndex={tab === name ? 0 : -1}
            className={styles.tab}
            data-tab={name}
            onClick={() => select(name)}
          >
            {t(`sv.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="sv-panel" aria-labelledby={`sv-tab-${tab}`}>
        {account !== null && (tab === 'accounts' || tab === 'attention') ? (
          <AccountDetail key={account} id={account} onBack={() => setParams({ tab })} language={i18n.language} />
        ) : tab === 'accounts' || tab === 'attention' ? (
          <AccountsTable attention={tab === 'attention'} onOpen={(id) => setParams({ tab, account: String(id) })} language={i18n.language} />
        ) : tab === 'imports' ? (
          <SvImportPanel language={i18n.language} />
        ) : (
          <FirmForm />
        )}
      </div>
    </PageFrame>
  )
}
