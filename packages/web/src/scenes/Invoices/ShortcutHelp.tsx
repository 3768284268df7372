import { Dialog } from '@primer/react'
import { useTranslation } from 'react-i18next'
import styles from './Invoices.module.css'

/** The keyboard shortcuts of the Accounting screen, as the help overlay lists them. */
export const SHORTCUTS = [
  { keys: ['Ctrl', '↑'], what: 'previous' },
  { keys: ['Ctrl', '↓'], what: 'next' },
  { keys: ['Ctrl', 'Enter'], what: 'confirmNext' },
  { keys: ['A'], what: 'attention' },
  { keys: ['B'], what: 'book' },
  { keys: ['Enter'], what: 'save' },
  { keys: ['Esc'], what: 'escape' },
  { keys: ['?'], what: 'help' },
] as const

/** Props of ShortcutHelp. */
export interface ShortcutHelpProps {
  onClose: () => void
}

/** The help overlay (`?`): every shortcut of the screen with its keys. */
export function ShortcutHelp({ onClose }: ShortcutHelpProps) {
  const { t } = useTranslation('invoices')
  return (
    <Dialog title={t('shortcuts.title')} onClose={onClose} width="medium" footerButtons={[{ content: t('shortcuts.close'), onClick: onClose, buttonType: 'primary' }]}>
      <dl className={styles.shortcuts} data-testid="shortcut-help">
        {SHORTCUTS.map(({ keys, what }) => (
          <div key={what} className={styles.shortcut}>
            <dt>
              {keys.map((key, index) => (
                <span key={key}>
                  {index > 0 ? ' + ' : null}
                  <kbd>{key}</kbd>
                </span>
              ))}
            </dt>
            <dd>{t(`shortcuts.${what}`)}</dd>
          </div>
        ))}
        <div className={styles.shortcut}>
          <dt>
            <kbd>←</kbd> <kbd>→</kbd> <kbd>+</kbd> <kbd>−</kbd>
          </dt>
          <dd>{t('shortcuts.pages')}</dd>
        </div>
      </dl>
    </Dialog>
  )
}
