import { Link as RouterLink } from 'react-router-dom'
import { CounterLabel } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { documentTypeLabelKey, type DocumentType } from '@portal/sdk/domain'
import styles from './Invoices.module.css'

/** Props of ViewTabs. */
export interface ViewTabsProps {
  views: readonly DocumentType[]
  current: DocumentType
  counts: Partial<Record<DocumentType, number>>
  hrefOf: (view: DocumentType) => string
}

/** The document views as tabs (links, so each view has its URL), each with its live count. */
export function ViewTabs({ views, current, counts, hrefOf }: ViewTabsProps) {
  const { t } = useTranslation('invoices')
  return (
    <nav aria-label={t('views.label')} className={styles.tabs} data-testid="view-tabs">
      <ul>
        {views.map((view) => {
          const count = counts[view]
          return (
            <li key={view}>
              <RouterLink
                to={hrefOf(view)}
                aria-current={view === current ? 'page' : undefined}
                className={styles.tab}
                data-view={view}
                data-testid="view-tab"
              >
                <span title={t(documentTypeLabelKey(view))}>{t(`views.tab.${view}`)}</span>
                {count !== undefined ? (
                  // Primer's counter says the number to screen readers as "(12)" after the view's name.
                  <CounterLabel className={styles.counter} data-testid="view-count">
                    {count}
                  </CounterLabel>
                ) : null}
              </RouterLink>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
