import { NavList } from '@primer/react'
import { LinkExternalIcon } from '@primer/octicons-react'
import { Link, useLocation } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import type { MenuBadge, MenuEntry, MenuLink } from '@portal/sdk/state'
import { MENU_ICONS } from './menuIcons'
import styles from './MenuList.module.css'

/** Props of MenuList. */
export interface MenuListProps {
  entries: readonly MenuEntry[]
  /** Live counts per badge; a badge shows only above 0. */
  counts: Partial<Record<MenuBadge, number>>
  /** Called after a link is followed (the drawer closes). */
  onNavigate?: () => void
}

// Links are active for their own path and the paths below it (e.g. an invoice inside /invoices/1).
function isActive(pathname: string, to: string): boolean {
  const base = to.split('/').slice(0, 2).join('/')
  return pathname === to || pathname.startsWith(`${base}/`) || pathname === base
}

/** The navigation entries of SPEC §2 in order, with badges and the admin group. */
export function MenuList({ entries, counts, onNavigate }: MenuListProps) {
  const { t } = useTranslation('shell')
  const { pathname } = useLocation()

  const item = (link: MenuLink) => {
    const Icon = MENU_ICONS[link.id]
    const count = link.badge ? (counts[link.badge] ?? 0) : 0
    return (
      <NavList.Item
        key={link.id}
        as={Link}
        to={link.to}
        aria-current={isActive(pathname, link.to) ? 'page' : undefined}
        onClick={onNavigate}
        data-menu-id={link.id}
      >
        {Icon ? (
          <NavList.LeadingVisual>
            <Icon />
          </NavList.LeadingVisual>
        ) : null}
        {link.text ?? t(link.labelKey)}
        {count > 0 ? (
          <NavList.TrailingVisual>
            <span className={styles.badge} data-badge={link.badge} aria-hidden="true">
              {count}
            </span>
            <span className="visually-hidden"> {t('menu.badge', { count })}</span>
          </NavList.TrailingVisual>
        ) : null}
      </NavList.Item>
    )
  }

  return (
    <NavList aria-label={t('topBar.navigation')}>
      {entries.map((entry) => {
        if (entry.kind === 'route') return item(entry)
        if (entry.kind === 'group') {
          return (
            <NavList.Group key={entry.id} title={t(entry.labelKey)} data-menu-id={entry.id}>
              {entry.items.map(item)}
            </NavList.Group>
          )
        }
        const Icon = MENU_ICONS[entry.id]
        return (
          <NavList.Item key={entry.id} href={entry.href} target="_blank" rel="noreferrer" data-menu-id={entry.id}>
            {Icon ? (
              <NavList.LeadingVisual>
                <Icon />
              </NavList.LeadingVisual>
            ) : null}
            {t(entry.labelKey)}
            <span className="visually-hidden"> {t('menu.externalHint')}</span>
            <NavList.TrailingVisual>
              <LinkExternalIcon />
            </NavList.TrailingVisual>
          </NavList.Item>
        )
      })}
    </NavList>
  )
}
