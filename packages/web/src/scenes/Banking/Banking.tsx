import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Loading } from '../../components/Loading/Loading'
import { PageFrame } from '../../components/PageFrame/PageFrame'
import { useCompany } from '../../hooks/useCompany'
import { useSnackbar } from '../../hooks/useSnackbar'
import { BankAccounts } from './BankAccounts'
import { BankTerms } from './BankTerms'
import { BankTransactions } from './BankTransactions'
import { StatementUpload } from './StatementUpload'
import { useBanking } from './useBanking'
import styles from './Banking.module.css'

/**
 * Banking (SPEC §2 `/banking/{client}`, adm or ban): the provider's terms, the company's accounts with their access
 * (requested, approved by the firm, expiring, renewed or revoked), statement upload, and the movements with their
 * matches to open invoices (docs/banking.md).
 */
export function BankingScene() {
  const { t } = useTranslation('banking')
  const { t: tShell } = useTranslation('shell')
  const { client: companyNo } = useCompany()
  const { notifyError } = useSnackbar()
  const { terms, accesses, reload } = useBanking(companyNo, notifyError)
  const [imported, setImported] = useState(0)
  return (
    <PageFrame title={tShell('routes.banking', { defaultValue: t('title') })} testId="scene-banking" wide>
      <p className={styles.intro}>{t('intro')}</p>
      {terms === null || accesses === null ? (
        <Loading label={t('title')} />
      ) : (
        <>
          <BankTerms terms={terms} companyNo={companyNo} onChange={() => void reload()} />
          <BankAccounts accesses={accesses} companyNo={companyNo} termsAccepted={terms.accepted !== null} onChange={() => void reload()} />
          <StatementUpload accesses={accesses} companyNo={companyNo} onImported={() => setImported((count) => count + 1)} />
          <BankTransactions companyNo={companyNo} refresh={imported} />
        </>
      )}
    </PageFrame>
  )
}
