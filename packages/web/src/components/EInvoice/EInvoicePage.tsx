import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { EInvoiceParty, EInvoiceView } from '@portal/sdk/domain'
import { formatLongDate, formatMoney, formatNumber } from './format'
import styles from './EInvoice.module.css'

/** Props of EInvoicePage. */
export interface EInvoicePageProps {
  view: EInvoiceView
  /** A control beside the heading, such as the download of the original XML. */
  actions?: ReactNode
}

function Party({ heading, party }: { heading: string; party: EInvoiceParty }) {
  const { t } = useTranslation('documents')
  return (
    <section className={styles.party} aria-label={heading}>
      <h3>{heading}</h3>
      {party.name ? <p className={styles.partyName}>{party.name}</p> : null}
      {party.address ? <p>{party.address}</p> : null}
      {party.vat_id ? <p>{t('einvoice.page.vatId', { id: party.vat_id })}</p> : null}
    </section>
  )
}

/** Labelled values, the empty ones left out. */
function Facts({ entries }: { entries: Array<[string, string | null]> }) {
  return (
    <dl className={styles.facts}>
      {entries
        .filter(([, value]) => !!value)
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  )
}

/**
 * An XML e-invoice (XRechnung, ebInterface, Peppol UBL) drawn as a readable invoice page in the viewer's place:
 * seller and buyer, dates, lines, the VAT breakdown, totals and payment, in the user's language with amounts and
 * dates as it writes them. Only a view: the archived original stays the XML file.
 */
export function EInvoicePage({ view, actions }: EInvoicePageProps) {
  const { t, i18n } = useTranslation('documents')
  const language = i18n.language
  const money = (amount: string | null) => formatMoney(amount, view.currency, language)
  const date = (value: string | null) => formatLongDate(value, language)
  const typeKey = `einvoice.page.documentType.${view.document_type_code ?? 'other'}`
  const title = i18n.exists(`documents:${typeKey}`) ? t(typeKey as 'einvoice.page.documentType.other') : t('einvoice.page.documentType.other')
  const facts: Array<[string, string]> = [
    [t('einvoice.page.invoiceNumber'), view.invoice_number ?? ''],
    [t('einvoice.page.issueDate'), date(view.issue_date)],
    [t('einvoice.page.deliveryDate'), date(view.delivery_date)],
    [
      t('einvoice.page.period'),
      view.service_period_start || view.service_period_end
        ? t('einvoice.page.periodRange', { from: date(view.service_period_start), to: date(view.service_period_end) })
        : '',
    ],
    [t('einvoice.page.dueDate'), date(view.due_date)],
  ]
  const totals: Array<[string, string | null, string]> = [
    ['net', view.totals.net, t('einvoice.page.totalNet')],
    ['tax', view.totals.tax, t('einvoice.page.totalTax')],
    ['gross', view.totals.gross, t('einvoice.page.totalGross')],
    ['prepaid', view.totals.prepaid, t('einvoice.page.prepaid')],
    ['due', view.totals.due, t('einvoice.page.due')],
  ]
  const payment: Array<[string, string | null]> = [
    [t('einvoice.page.iban'), view.payment.iban],
    [t('einvoice.page.bic'), view.payment.bic],
    [t('einvoice.page.reference'), view.payment.reference],
    [t('einvoice.page.terms'), view.payment.terms],
  ]
  return (
    <article className={styles.page} aria-label={t('einvoice.page.label')} data-testid="einvoice-page">
      <header className={styles.pageHeader}>
        <h2>{`${title} ${view.invoice_number ?? ''}`.trim()}</h2>
        {actions}
      </header>
      {view.profile ? <p className={styles.muted}>{view.profile}</p> : null}
      <div className={styles.parties}>
        <Party heading={t('einvoice.page.seller')} party={view.seller} />
        <Party heading={t('einvoice.page.buyer')} party={view.buyer} />
      </div>
      <Facts entries={facts} />
      <h3>{t('einvoice.page.lines')}</h3>
      {view.lines.length === 0 ? (
        <p className={styles.muted}>{t('einvoice.page.noLines')}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('einvoice.page.description')}</th>
              <th scope="col" className={styles.number}>{t('einvoice.page.quantity')}</th>
              <th scope="col" className={styles.number}>{t('einvoice.page.unitPrice')}</th>
              <th scope="col" className={styles.number}>{t('einvoice.page.taxRate')}</th>
              <th scope="col" className={styles.number}>{t('einvoice.page.net')}</th>
            </tr>
          </thead>
          <tbody>
            {view.lines.map((line, index) => (
              <tr key={index}>
                <td>{line.description}</td>
                <td className={styles.number}>{`${formatNumber(line.quantity, language)} ${line.unit ?? ''}`.trim()}</td>
                <td className={styles.number}>{money(line.unit_price)}</td>
                <td className={styles.number}>{line.tax_rate === null ? '' : t('einvoice.page.percent', { rate: formatNumber(line.tax_rate, language) })}</td>
                <td className={styles.number}>{money(line.net)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {view.more_lines > 0 ? <p>{t('einvoice.page.moreLines', { count: view.more_lines })}</p> : null}
      {view.tax.length > 0 ? (
        <>
          <h3>{t('einvoice.page.tax')}</h3>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('einvoice.page.taxRate')}</th>
                <th scope="col" className={styles.number}>{t('einvoice.page.basis')}</th>
                <th scope="col" className={styles.number}>{t('einvoice.page.taxAmount')}</th>
              </tr>
            </thead>
            <tbody>
              {view.tax.map((line, index) => (
                <tr key={index}>
                  <td>{`${t('einvoice.page.percent', { rate: formatNumber(line.rate, language) })} ${line.category ?? ''}`.trim()}</td>
                  <td className={styles.number}>{money(line.basis)}</td>
                  <td className={styles.number}>{money(line.tax)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      <h3>{t('einvoice.page.totals')}</h3>
      <dl className={styles.totals}>
        {totals
          .filter(([, value]) => value !== null)
          .map(([key, value, label]) => (
            <div key={key}>
              <dt>{label}</dt>
              <dd data-total={key}>{money(value)}</dd>
            </div>
          ))}
      </dl>
      <h3>{t('einvoice.page.payment')}</h3>
      <Facts entries={payment} />
      {view.payment.skonto_percent && view.payment.skonto_due_date ? (
        <p>{t('einvoice.page.skonto', { percent: formatNumber(view.payment.skonto_percent, language), date: date(view.payment.skonto_due_date) })}</p>
      ) : null}
    </article>
  )
}
