import { Fragment, type ReactNode } from 'react'
import { Button } from '@primer/react'
import { AlertIcon, ChevronDownIcon, ChevronRightIcon, LocationIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import type { DocumentField, FieldCandidate } from '@portal/sdk/services'
import { formatSource, formatValue } from './formatValue'
import styles from './SingleDocument.module.css'

/** Props of FieldList. */
export interface FieldListProps {
  fields: readonly DocumentField[]
  /** The field whose candidates are open (one at a time, so the highlights on the page stay readable). */
  open: string | null
  onToggle: (field: string) => void
  /** Index of the picked candidate of the open field. */
  active: number | null
  onShowCandidate: (field: string, index: number, candidate: FieldCandidate) => void
  language: string
  /** Review remarks by field, already in the user's language: problems, and that the machine was unsure. */
  remarks?: Readonly<Record<string, FieldRemark>>
  /** Shows the current value's confidence next to its source. */
  showConfidence?: boolean
  /** Extra content under a field's value, e.g. the form that corrects it. */
  renderEditor?: (field: DocumentField) => ReactNode
}

/** What the review says about one field, in words: rules it breaks, warnings (an optional field), and that the machine was unsure. */
export interface FieldRemark {
  /** How the row is marked, as the SDK's fieldMarks decided: red ('problem') or yellow ('check'). */
  tone: 'problem' | 'check'
  problems: readonly string[]
  warnings?: readonly string[]
  lowConfidence: boolean
}

/**
 * The extracted fields: current value (dates and amounts by the locale) and where it came from in words; on demand
 * every candidate with its origin, confidence and place.
 */
export function FieldList({ fields, open, onToggle, active, onShowCandidate, language, remarks, showConfidence = false, renderEditor }: FieldListProps) {
  const { t: tInvoices } = useTranslation('invoices')
  const { t, i18n } = useTranslation('documents')
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 })
  const fieldName = (field: string) => (i18n.exists(`documents:fields.${field}`) ? t(`fields.${field}` as 'fields.iban') : field)
  return (
    <table className={styles.fields} data-testid="field-list">
      <caption className={styles.caption}>{t('screen.fields.heading')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('screen.fields.field')}</th>
          <th scope="col">{t('screen.fields.value')}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((entry) => {
          const { field, current, candidates } = entry
          const isOpen = open === field
          const name = fieldName(field)
          const remark = remarks?.[field]
          return (
            <Fragment key={field}>
              <tr
                data-testid="field-row"
                data-field={field}
                data-found={current ? true : undefined}
                data-invalid={remark && remark.problems.length > 0 ? true : undefined}
                data-unsure={remark?.lowConfidence || undefined}
                data-warning={remark?.warnings?.length ? true : undefined}
                data-tone={remark?.tone}
                className={remark ? (remark.tone === 'problem' ? styles.invalidRow : styles.unsureRow) : undefined}
              >
                <th scope="row">{name}</th>
                <td className={styles.value}>
                  {current ? (
                    <>
                      <span className={styles.current} data-testid="field-value">
                        {formatValue(field, current.value, t, language)}
                      </span>
                      <span className={styles.sourceLine} data-testid="field-source">
                        {t('screen.fields.source')}: {formatSource(current, t)}
                      </span>
                      {showConfidence ? (
                        <span className={styles.sourceLine} data-testid="field-confidence">
                          {tInvoices('fields.confidence', { percent: percent.format(current.confidence) })}
                        </span>
                      ) : null}
                    </>
                  ) : (
                    <span className={styles.muted}>{t('screen.fields.notFound')}</span>
                  )}
                  {remark ? (
                    <ul className={styles.remarks} data-testid="field-problems">
                      {remark.problems.map((problem) => (
                        <li key={problem} className={styles.problem}>
                          <AlertIcon size={12} /> {problem}
                        </li>
                      ))}
                      {remark.warnings?.map((warning) => (
                        <li key={warning} className={styles.unsure} data-testid="field-warning">
                          <AlertIcon size={12} /> {warning} ({tInvoices('fields.warning')})
                        </li>
                      ))}
                      {remark.lowConfidence ? <li className={styles.unsure}>{tInvoices('fields.lowConfidence')}</li> : null}
                    </ul>
                  ) : null}
                  {renderEditor?.(entry)}
                  {candidates.length > 0 ? (
                    <div>
                      <Button
                        size="small"
                        variant="invisible"
                        leadingVisual={isOpen ? ChevronDownIcon : ChevronRightIcon}
                        aria-expanded={isOpen}
                        aria-controls={`candidates-${field}`}
                        onClick={() => onToggle(field)}
                        className={styles.toggle}
                      >
                        {isOpen ? t('screen.fields.hideCandidates') : t('screen.fields.showCandidates', { count: candidates.length })}
                      </Button>
                    </div>
                  ) : null}
                </td>
              </tr>
              {isOpen ? (
                <tr id={`candidates-${field}`} className={styles.candidatesRow}>
                  <td colSpan={2}>
                    <table className={styles.candidates} data-testid="candidates">
                      <caption className={styles.visuallyHidden}>{t('screen.fields.candidatesOf', { field: name })}</caption>
                      <thead>
                        <tr>
                          <th scope="col">{t('screen.fields.value')}</th>
                          <th scope="col">{t('screen.fields.source')}</th>
                          <th scope="col">{t('screen.fields.confidence')}</th>
                          <th scope="col">{t('screen.fields.page')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {candidates.map((c, index) => (
                          <tr key={index} data-testid="candidate" data-active={active === index || undefined}>
                            <td className={styles.value}>
                              {formatValue(field, c.value, t, language)}
                              {c.chosen ? <span className={styles.chosen}> ({t('screen.fields.chosen')})</span> : null}
                              {c.label ? (
                                <span className={styles.sourceLine}>
                                  {t('screen.fields.label')}: {c.label}
                                </span>
                              ) : null}
                            </td>
                            <td>{formatSource(c, t)}</td>
                            <td className={styles.number}>{percent.format(c.confidence)}</td>
                            <td>
                              {c.page !== null && c.box ? (
                                <Button size="small" leadingVisual={LocationIcon} onClick={() => onShowCandidate(field, index, c)}>
                                  {t('screen.fields.showOnPage', { page: c.page })}
                                </Button>
                              ) : (
                                <span className={styles.muted}>{t('screen.fields.notOnPage')}</span>
                              )}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </td>
                </tr>
              ) : null}
            </Fragment>
          )
        })}
      </tbody>
    </table>
  )
}
