import { dateFormat } from '@portal/sdk/i18n'
import { useTranslation } from 'react-i18next'
import type { Address } from '@portal/sdk/services'
import styles from './Addresses.module.css'

/**
 * The last VAT id check of an address with its date: confirmed by VIES, format only (VIES failed, or a non-EU id VIES
 * does not know), or not valid.
 */
export function VatCheckLine({ address, language }: { address: Address; language: string }) {
  const { t } = useTranslation('admin')
  const check = address.vatCheck
  const when = dateFormat(language, { dateStyle: 'short', timeStyle: 'short' })
  return (
    <p className={styles.check} aria-live="polite" data-testid="address-vat-check" data-state={check?.state ?? 'none'}>
      <strong>{t('addresses.check.title')}: </strong>
      {check
        ? t(check.message === 'validation:vatId.notInVies' ? 'addresses.check.notInVies' : `addresses.check.${check.state}`, { at: when.format(new Date(check.checkedAt)) })
        : t('addresses.check.none')}
      {check?.viesName ? ` · ${t('addresses.check.viesName', { name: check.viesName })}` : ''}
    </p>
  )
}
