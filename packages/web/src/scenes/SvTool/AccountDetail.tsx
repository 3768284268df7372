import { useEffect, useState } from 'react'
import { Button } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { errorToMessage } from '@portal/sdk/errors'
import { SV_COLUMNS } from '@portal/sdk/domain'
import type { SvAccountDetail } from '@portal/sdk/services'
import { Loading } from '../../components/Loading/Loading'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { formatDate, formatEuro } from './format'
import styles from './SvTool.module.css'

const DATE_FIELDS = new Set(['gueltig_ab', 'verzugszinsen_verbucht_bis', 'betriebliche_vorsorge_gueltig_von', 'gplb_letzte_pruefung', 'gplb_gueltig_bis'])

/** One contribution account: its payment reference (copyable) and EPC QR code, its fields, transactions and authorizations. */
export function AccountDetail({ id, onBack, language }: { id: number; onBack: () => void; language: string }) {
  const { t } = useTranslation('admin')
  const { t: tAny } = useTranslation()
  const { client } = useSession()
  const { notify } = useSnackbar()
  const [account, setAccount] = useState<SvAccountDetail | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  useEffect(() => {
    let current = true
    client
      .service('sv-accounts')
      .get(id)
      .then(
        (answer) => current && setAccount(answer),
        (failure: unknown) => current && setRefusal(errorToMessage(failure, tAny)),
      )
    return () => {
      current = false
    }
  }, [client, id, tAny])

  const back = (
    <Button onClick={onBack} data-testid="sv-back">
      {t('sv.back')}
    </Button>
  )
  if (refusal)
    return (
      <section className={styles.section}>
        <p role="alert">{refusal}</p>
        {back}
      </section>
    )
  if (!account) return <Loading label={t('sv.loading')} />
  const copy = async () => {
    await navigator.clipboard?.writeText(account.paymentReference).catch(() => undefined)
    notify({ kind: 'success', text: t('sv.copied') })
  }
  const value = (field: string, raw: string | number | boolean | null) =>
    raw === null ? '–' : typeof raw === 'boolean' ? (raw ? t('sv.yes') : t('sv.no')) : DATE_FIELDS.has(field) ? formatDate(String(raw), language) : String(raw)
  return (
    <article
      className={styles.section}
      data-testid="sv-account"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onBack()
      }}
    >
      <div>{back}</div>
      <h2 className={styles.heading}>
        {t('sv.account', { number: account.accountNumber })} · {account.partnerName}
      </h2>
      <p className={styles.muted}>
        {t('sv.columns.saldo')}: {formatEuro(account.saldo, language)} EUR
        {account.reasons.length > 0 ? ` · ${account.reasons.map((reason) => t(`sv.reason.${reason}`)).join(', ')}` : ''}
        {account.companyNo ? ` · ${t('sv.columns.responsible')}: ${account.responsibleName ?? t('sv.nobody')}` : ''}
      </p>
      <section aria-labelledby="sv-reference-heading" className={styles.section}>
        <h3 id="sv-reference-heading" className={styles.heading}>
          {t('sv.paymentReference')}
        </h3>
        <div className={styles.reference}>
          <output data-testid="sv-reference">{account.paymentReference}</output>
          <Button onClick={() => void copy()} data-testid="sv-copy">
            {t('sv.copy')}
          </Button>
        </div>
        {account.epc ? (
          <figure>
            <div className={styles.qr} role="img" aria-label={t('sv.qr', { amount: formatEuro(account.saldo, language) })} dangerouslySetInnerHTML={{ __html: account.epc.svg }} data-testid="sv-qr" />
            <figcaption className={styles.muted}>{t('sv.qr', { amount: formatEuro(account.saldo, language) })}</figcaption>
          </figure>
        ) : (
          <p className={styles.muted}>{t('sv.qrNone')}</p>
        )}
      </section>
      <section aria-labelledby="sv-transactions-heading" className={styles.section}>
        <h3 id="sv-transactions-heading" className={styles.heading}>
          {t('sv.transactions')}
        </h3>
        {account.transactions.length === 0 ? (
          <p className={styles.muted}>{t('sv.transactionsEmpty')}</p>
        ) : (
          <table className={styles.table} data-testid="sv-transactions">
            <thead>
              <tr>
                {(['buchungsDatum', 'wertstellungsDatum', 'buchungstext', 'beitragszeitraum'] as const).map((field) => (
                  <th key={field} scope="col">
                    {t(`sv.field.${field}`)}
                  </th>
                ))}
                <th scope="col" className={styles.number}>
                  {t('sv.field.soll')}
                </th>
                <th scope="col" className={styles.number}>
                  {t('sv.field.haben')}
                </th>
                <th scope="col">{t('sv.field.buchungszustand')}</th>
              </tr>
            </thead>
            <tbody>
              {account.transactions.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDate(entry.buchungsDatum, language)}</td>
                  <td>{formatDate(entry.wertstellungsDatum, language)}</td>
                  <td>{entry.buchungstext}</td>
                  <td>{entry.beitragszeitraum}</td>
                  <td className={styles.number}>{formatEuro(entry.soll, language)}</td>
                  <td className={styles.number}>{formatEuro(entry.haben, language)}</td>
                  <td>{entry.buchungszustand ? t(`sv.status.${entry.buchungszustand as 'MA'}`) : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="sv-authorizations-heading" className={styles.section}>
        <h3 id="sv-authorizations-heading" className={styles.heading}>
          {t('sv.authorizations')}
        </h3>
        {account.authorizations.length === 0 ? (
          <p className={styles.muted}>{t('sv.authorizationsEmpty')}</p>
        ) : (
          account.authorizations.map((entry) => (
            <dl key={entry.id} className={styles.details}>
              <dt>{t('sv.field.bevollmaechtigter')}</dt>
              <dd>
                {entry.bevollmaechtigter} {entry.bevollmaechtigterName ?? ''}
              </dd>
              <dt>{t('sv.field.bezeichnung')}</dt>
              <dd>{entry.bezeichnung ?? '–'}</dd>
              <dt>{t('sv.field.einsichtKontoinformationen')}</dt>
              <dd>{entry.einsichtKontoinformationen ? t('sv.yes') : t('sv.no')}</dd>
              <dt>{t('sv.field.einsichtClearingFaelle')}</dt>
              <dd>{entry.einsichtClearingFaelle ? t('sv.yes') : t('sv.no')}</dd>
              <dt>{t('sv.field.vollmacht')}</dt>
              <dd>{[entry.vollmachtName, entry.vollmachtStrasseHausnummer, [entry.vollmachtPostleitzahl, entry.vollmachtPostort].filter(Boolean).join(' '), entry.vollmachtLand].filter(Boolean).join(', ') || '–'}</dd>
              <dt>{t('sv.field.gueltigBis')}</dt>
              <dd>{entry.gueltigBis ? formatDate(entry.gueltigBis, language) : '–'}</dd>
            </dl>
          ))
        )}
      </section>
      <section aria-labelledby="sv-details-heading" className={styles.section}>
        <h3 id="sv-details-heading" className={styles.heading}>
          {t('sv.details')}
        </h3>
        <dl className={styles.details}>
          <dt>{t('sv.field.kassa_mandant')}</dt>
          <dd>{account.kassaMandant ?? '–'}</dd>
          {SV_COLUMNS.accounts.filter((column) => column.name in account.details).map(({ name: field }) => [field, account.details[field] ?? null] as const).map(([field, raw]) => (
            <div key={field} style={{ display: 'contents' }}>
              <dt>{t(`sv.field.${field as 'partner_land'}`, { defaultValue: field })}</dt>
              <dd>{value(field, raw)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </article>
  )
}
