import type { ReactNode, Ref } from 'react'
import { Button, IconButton } from '@primer/react'
import { MoonIcon, PersonIcon, SunIcon, ThreeBarsIcon } from '@primer/octicons-react'
import { Link, useNavigate } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import type { Language } from '@portal/sdk/domain'
import styles from './TopBar.module.css'

/** Props of TopBar. */
export interface TopBarProps {
  brand: string
  /** The company picker, on routes whose meta says showCompanies. */
  picker?: ReactNode
  /** The connection's state, shown before the language button when the server cannot be reached. */
  status?: ReactNode
  language: Language
  onLanguage: (language: Language) => void
  dark: boolean
  onToggleDark: () => void
  onOpenMenu: () => void
  menuButtonRef?: Ref<HTMLButtonElement>
}

/**
 * The top bar: menu button (access key s), brand, company picker, language (l), theme and account
 * preferences (p). Tooltips name each access key (see docs/web.md).
 */
export function TopBar(props: TopBarProps) {
  const { t } = useTranslation('shell')
  const navigate = useNavigate()
  const other: Language = props.language === 'de' ? 'en' : 'de'
  const hint = (key: string) => t('topBar.accessKey', { key })
  return (
    <header className={styles.bar} data-testid="top-bar">
      <IconButton
        ref={props.menuButtonRef}
        icon={ThreeBarsIcon}
        aria-label={t('topBar.openMenu')}
        description={`${t('topBar.openMenu')} (${hint('s')})`}
        variant="invisible"
        className={styles.onPrimary}
        accessKey="s"
        onClick={props.onOpenMenu}
        data-testid="menu-button"
      />
      <Link to="/" className={styles.brand}>
        {props.brand}
      </Link>
      {props.picker ? <div className={styles.picker}>{props.picker}</div> : <div className={styles.spacer} />}
      <div className={styles.actions}>
        {props.status}
        <Button
          variant="invisible"
          className={styles.lang}
          accessKey="l"
          lang={other}
          title={`${t('topBar.language')}: ${other === 'de' ? t('topBar.switchToGerman') : t('topBar.switchToEnglish')} (${hint('l')})`}
          // The accessible name starts with the visible text (WCAG 2.5.3) and says which language it is.
          aria-label={`${other.toUpperCase()} – ${other === 'de' ? t('topBar.switchToGerman') : t('topBar.switchToEnglish')}`}
          onClick={() => props.onLanguage(other)}
          data-testid="language-button"
        >
          {other.toUpperCase()}
        </Button>
        <IconButton
          icon={props.dark ? SunIcon : MoonIcon}
          aria-label={props.dark ? t('topBar.darkOff') : t('topBar.darkOn')}
          variant="invisible"
          className={styles.onPrimary}
          onClick={props.onToggleDark}
          data-testid="theme-button"
        />
        <IconButton
          icon={PersonIcon}
          aria-label={t('topBar.preferences')}
          description={`${t('topBar.preferences')} (${hint('p')})`}
          variant="invisible"
          className={styles.onPrimary}
          accessKey="p"
          onClick={() => navigate('/account/preferences')}
          data-testid="preferences-button"
        />
      </div>
    </header>
  )
}
