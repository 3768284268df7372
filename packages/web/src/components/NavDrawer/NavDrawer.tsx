import { useEffect, useRef } from 'react'
import { Button, IconButton, useFocusTrap } from '@primer/react'
import { SignOutIcon, XIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import type { MenuBadge, MenuEntry } from '@portal/sdk/state'
import { MenuList } from '../MenuList/MenuList'
import styles from './NavDrawer.module.css'

/** Props of NavDrawer. */
export interface NavDrawerProps {
  open: boolean
  onClose: () => void
  brand: string
  entries: readonly MenuEntry[]
  counts: Partial<Record<MenuBadge, number>>
  onLogout: () => void
}

/**
 * The temporary navigation drawer of SPEC §2 (width 300): a modal panel over the page that closes on Escape,
 * on a click beside it and when a link is followed; focus stays inside while it is open.
 */
export function NavDrawer({ open, onClose, brand, entries, counts, onLogout }: NavDrawerProps) {
  const { t } = useTranslation('shell')
  const panelRef = useRef<HTMLDivElement>(null)
  useFocusTrap({ containerRef: panelRef, disabled: !open, restoreFocusOnCleanUp: true })

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation()
        onClose()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open, onClose])

  if (!open) return null
  return (
    <>
      <div className={styles.backdrop} onClick={onClose} data-testid="drawer-backdrop" />
      <div
        ref={panelRef}
        className={styles.drawer}
        role="dialog"
        aria-modal="true"
        aria-label={t('topBar.navigation')}
        data-testid="nav-drawer"
      >
        <div className={styles.header}>
          <IconButton icon={XIcon} aria-label={t('topBar.closeMenu')} variant="invisible" className={styles.onPrimary} onClick={onClose} />
          <p className={styles.brand}>{brand}</p>
        </div>
        <div className={styles.body}>
          <MenuList entries={entries} counts={counts} onNavigate={onClose} />
        </div>
        <div className={styles.footer}>
          <Button leadingVisual={SignOutIcon} block onClick={onLogout} data-testid="logout">
            {t('topBar.logout')}
          </Button>
        </div>
      </div>
    </>
  )
}
