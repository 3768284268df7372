import { useTranslation } from 'react-i18next'
import { EInvoiceValidationStatus, type EInvoiceRuleViolation, type EInvoiceSchemaCheck, type EInvoiceSchemaError, type EInvoiceValidation } from '@portal/sdk/domain'
import styles from './EInvoice.module.css'
import { formatNumber } from './format'

/** Props of EInvoiceCheck. */
export interface EInvoiceCheckProps {
  validation: EInvoiceValidation
}

const VARIANT: Record<EInvoiceValidation['status'], string> = {
  [EInvoiceValidationStatus.valid]: styles.valid,
  [EInvoiceValidationStatus.invalid]: styles.invalid,
  [EInvoiceValidationStatus.notAnInvoice]: styles.invalid,
  [EInvoiceValidationStatus.notChecked]: styles.neutral,
}

function Rule({ violation }: { violation: EInvoiceRuleViolation }) {
  const { t, i18n } = useTranslation('documents')
  const key = `documents:einvoice.rules.${violation.id}`
  // The rule's text in the user's language from the catalogue; a rule without one (stored by an older check)
  // shows the stored text, marked as such.
  const own = i18n.exists(key)
  return (
    <li data-testid={`rule-${violation.id}`} className={violation.flag === 'fatal' ? styles.fatal : styles.warning}>
      <strong>{`${t(`einvoice.validation.flag.${violation.flag}`)} ${violation.id}`}</strong>{' '}
      {own ? t(key as 'einvoice.rules.BR-01') : violation.text}
      {own ? null : <span className={styles.muted}>{` (${t('einvoice.validation.officialText')})`}</span>}
    </li>
  )
}

function SchemaError({ error }: { error: EInvoiceSchemaError }) {
  const { t } = useTranslation('documents')
  const none = t('einvoice.schema.none')
  const text = t(`einvoice.schema.rule.${error.rule}`, {
    element: error.element || none,
    expected: error.expected ?? none,
    value: error.value ?? none,
    attribute: error.attribute ?? none,
  })
  return (
    <li data-testid={`schema-${error.rule}`} className={styles.fatal} title={error.message}>
      <strong>{`${t('einvoice.validation.flag.fatal')} XSD`}</strong> {text}
      {error.line === null ? null : <span className={styles.muted}>{` (${t('einvoice.schema.line', { line: error.line })})`}</span>}
    </li>
  )
}

/** The schema (XSD) check: kept, or each element that breaks it with the rule, in the user's language. */
function SchemaCheck({ schema }: { schema: EInvoiceSchemaCheck }) {
  const { t } = useTranslation('documents')
  if (schema.valid) return <p data-testid="einvoice-schema">{t('einvoice.schema.valid', { schema: schema.schema })}</p>
  const more = schema.count - schema.errors.length
  return (
    <div data-testid="einvoice-schema">
      <p>{t('einvoice.schema.invalid', { schema: schema.schema, count: schema.count })}</p>
      <ul className={styles.rules}>
        {schema.errors.map((error, index) => (
          <SchemaError key={`${error.rule}-${index}`} error={error} />
        ))}
      </ul>
      {more > 0 ? <p className={styles.muted}>{t('einvoice.schema.more', { count: more })}</p> : null}
    </div>
  )
}

/** The document's check against the official business rules: valid, each broken rule, or why none applies. */
export function EInvoiceCheck({ validation }: EInvoiceCheckProps) {
  const { t, i18n } = useTranslation('documents')
  const fatal = validation.violations.filter((v) => v.flag === 'fatal')
  const others = validation.violations.filter((v) => v.flag !== 'fatal')
  const profile = validation.profile ?? validation.specification ?? '?'
  const status =
    validation.status === EInvoiceValidationStatus.invalid
      ? t('einvoice.validation.status.invalid', { count: fatal.length })
      : t(`einvoice.validation.status.${validation.status}`, { profile })
  return (
    <section className={`${styles.check} ${VARIANT[validation.status]}`} aria-label={t('einvoice.validation.heading')} data-testid="einvoice-check">
      <h3>{t('einvoice.validation.heading')}</h3>
      <p data-status={validation.status}>{status}</p>
      {validation.profile && validation.status !== EInvoiceValidationStatus.notAnInvoice ? <p className={styles.muted}>{t('einvoice.validation.profile', { profile: validation.profile })}</p> : null}
      {validation.ruleSets.length > 0 ? (
        <p className={styles.muted}>{t('einvoice.validation.ruleSets', { ruleSets: validation.ruleSets.join(', '), millis: formatNumber(String(validation.millis), i18n.language) })}</p>
      ) : null}
      {validation.schema ? <SchemaCheck schema={validation.schema} /> : null}
      {validation.violations.length > 0 ? (
        <ul className={styles.rules}>
          {[...fatal, ...others].map((violation, index) => (
            <Rule key={`${violation.id}-${index}`} violation={violation} />
          ))}
        </ul>
      ) : null}
    </section>
  )
}
