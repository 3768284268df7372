import { Dialog } from '@primer/react'
import { useTranslation } from 'react-i18next'
import styles from './UserAdmin.module.css'

/** The keyboard shortcuts of the user administration (listed in docs/users.md too). */
export const USER_ADMIN_SHORTCUTS = [
  { keys: ['/'], what: 'search' },
  { keys: ['↑', '↓'], what: 'move' },
  { keys: ['Space'], what: 'select' },
  { keys: ['Enter'], what: 'edit' },
  { keys: ['n'], what: 'new' },
  { keys: ['b'], what: 'bulk' },
  { keys: ['a'], what: 'selectAll' },
  { keys: ['[', ']'], what: 'pages' },
  { keys: ['Esc'], what: 'escape' },
  { keys: ['?'], what: 'help' },
] as const

/** The help overlay (`?`): every shortcut with its keys. */
export function UserAdminShortcuts({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('users')
  return (
    <Dialog title={t('screen.shortcuts.title')} onClose={onClose} width="medium" footerButtons={[{ content: t('screen.shortcuts.close'), onClick: onClose, buttonType: 'primary' }]}>
      <dl className={styles.shortcuts} data-testid="user-admin-shortcuts">
        {USER_ADMIN_SHORTCUTS.map(({ keys, what }) => (
          <div key={what} className={styles.shortcutRow}>
            <dt>
              {keys.map((key, index) => (
                <span key={key}>
                  {index > 0 ? ' ' : null}
                  <kbd>{key}</kbd>
                </span>
              ))}
            </dt>
            <dd>{t(`screen.shortcuts.${what}`)}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  )
}
