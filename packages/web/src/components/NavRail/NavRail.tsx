import { Link, useLocation } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import type { MenuBadge, MenuEntry } from '@portal/sdk/state'
import { MENU_ICONS } from '../MenuList/menuIcons'
import styles from './NavRail.module.css'

/** Props of NavRail. */
export interface NavRailProps {
  entries: readonly MenuEntry[]
  counts: Partial<Record<MenuBadge, number>>
}

/** The 56 px rail on wide screens: the main route entries as icons, with their badges; the drawer has the rest. */
export function NavRail({ entries, counts }: NavRailProps) {
  const { t } = useTranslation('shell')
  const { pathname } = useLocation()
  return (
    <nav className={styles.rail} aria-label={t('topBar.navigation')} data-testid="nav-rail">
      {entries.map((entry) => {
        if (entry.kind !== 'route' || entry.id === 'account-preferences' || entry.id === 'app-info') return null
        const Icon = MENU_ICONS[entry.id]
        const count = entry.badge ? (counts[entry.badge] ?? 0) : 0
        const label = t(entry.labelKey)
        const base = entry.to.split('/').slice(0, 2).join('/')
        return (
          <Link
            key={entry.id}
            to={entry.to}
            className={styles.link}
            title={label}
            aria-current={pathname === entry.to || pathname.startsWith(`${base}/`) || pathname === base ? 'page' : undefined}
          >
            {Icon ? <Icon aria-hidden="true" /> : null}
            <span className="visually-hidden">
              {label}
              {count > 0 ? ` ${t('menu.badge', { count })}` : ''}
            </span>
            {count > 0 ? (
              <span className={styles.dot} aria-hidden="true">
                {count > 99 ? '99+' : count}
              </span>
            ) : null}
          </Link>
        )
      })}
    </nav>
  )
}
