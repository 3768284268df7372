import { Link } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/PageFrame/PageFrame'
import { useCompany } from '../../hooks/useCompany'
import styles from './Overview.module.css'

/** The overview (permission ove): the user's companies, each leading to its accounting. */
export function OverviewScene() {
  const { t } = useTranslation('shell')
  const { companies } = useCompany()
  return (
    <PageFrame title={t('routes.overview')} testId="scene-overview">
      <p>{t('pages.overviewText')}</p>
      <h2 className={styles.heading}>{t('pages.companies')}</h2>
      <ul className={styles.list}>
        {companies.map((company) => (
          <li key={company.company_no} className={styles.item}>
            <Link to={`/invoices/${company.company_no}`}>
              {company.company_no} · {company.company_name}
            </Link>
            <span className={styles.place}>{company.company_place}</span>
          </li>
        ))}
      </ul>
    </PageFrame>
  )
}
