import { useId, useMemo, useState } from 'react'
import { Checkbox, FormControl, IconButton, TextInput } from '@primer/react'
import { XIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import type { AccountingClient } from '@portal/sdk/services'
import { filterCompanies } from '../../components/CompanyPicker/filterCompanies'
import styles from './UserAdmin.module.css'

/** Props of ClientChooser. */
export interface ClientChooserProps {
  label: string
  companies: readonly AccountingClient[]
  value: readonly number[]
  onChange: (value: number[]) => void
  testId?: string
}

/** Companies listed at once; a firm with thousands of clients narrows the list by typing. */
const SHOWN = 100

/**
 * Chooses client companies: the chosen ones as tokens (each removable), and a filterable list of checkboxes by number,
 * name or place. Keyboard: Tab into the list, Space ticks a company.
 */
export function ClientChooser({ label, companies, value, onChange, testId }: ClientChooserProps) {
  const { t } = useTranslation('users')
  const id = useId()
  const [filter, setFilter] = useState('')
  const matches = useMemo(() => filterCompanies(companies, filter), [companies, filter])
  const byNo = useMemo(() => new Map(companies.map((company) => [company.company_no, company])), [companies])
  const toggle = (companyNo: number, on: boolean) => onChange(on ? [...value, companyNo] : value.filter((no) => no !== companyNo))
  return (
    <fieldset className={styles.chooser} data-testid={testId}>
      <legend className={styles.legend}>
        {label} <span className={styles.muted}>{t('screen.clients.chosen', { count: value.length })}</span>
      </legend>
      {value.length > 0 ? (
        <ul className={styles.tokens} aria-label={label}>
          {value.map((companyNo) => {
            const name = `${companyNo} ${byNo.get(companyNo)?.company_name ?? ''}`.trim()
            return (
              <li key={companyNo} className={styles.token}>
                {name}
                <IconButton icon={XIcon} size="small" variant="invisible" aria-label={t('screen.clients.remove', { client: name })} onClick={() => toggle(companyNo, false)} />
              </li>
            )
          })}
        </ul>
      ) : null}
      <FormControl id={`${id}-filter`}>
        <FormControl.Label visuallyHidden>{t('screen.clients.filter')}</FormControl.Label>
        <TextInput size="small" placeholder={t('screen.clients.filter')} value={filter} onChange={(event) => setFilter(event.target.value)} block />
      </FormControl>
      <div className={styles.checkList} role="group" aria-label={label}>
        {matches.length === 0 ? <p className={styles.muted}>{t('screen.clients.noMatch')}</p> : null}
        {matches.slice(0, SHOWN).map((company) => (
          <FormControl key={company.company_no} id={`${id}-${company.company_no}`} layout="horizontal">
            <Checkbox checked={value.includes(company.company_no)} onChange={(event) => toggle(company.company_no, event.target.checked)} />
            <FormControl.Label className={styles.checkLabel}>
              {company.company_no} {company.company_name} <span className={styles.muted}>{company.company_place}</span>
            </FormControl.Label>
          </FormControl>
        ))}
      </div>
    </fieldset>
  )
}
