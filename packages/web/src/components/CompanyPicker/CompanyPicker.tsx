import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { TextInput } from '@primer/react'
import { OrganizationIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import type { AccountingClient } from '@portal/sdk/services'
import { companyLabel, filterCompanies } from './filterCompanies'
import styles from './CompanyPicker.module.css'

/** Props of CompanyPicker. */
export interface CompanyPickerProps {
  companies: readonly AccountingClient[]
  /** Selected company number; 0 when none. */
  value: number
  onSelect: (companyNo: number) => void
}

/**
 * The top bar's company picker (SPEC §2): a combobox searchable by name or number whose entries show number and
 * place; the input selects its text on focus and answers access key f.
 */
export function CompanyPicker({ companies, value, onSelect }: CompanyPickerProps) {
  const { t } = useTranslation('shell')
  const listId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const selected = companies.find((c) => c.company_no === value)
  const shown = selected ? companyLabel(selected) : ''
  const [text, setText] = useState(shown)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const [searching, setSearching] = useState(false)

  useEffect(() => setText(shown), [shown])
  const matches = useMemo(() => filterCompanies(companies, searching ? text : ''), [companies, text, searching])

  const close = () => {
    setOpen(false)
    setSearching(false)
    setText(shown)
  }
  const choose = (company: AccountingClient) => {
    setOpen(false)
    setSearching(false)
    setText(companyLabel(company))
    onSelect(company.company_no)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      setOpen(true)
      setActive((i) => Math.min(i + 1, matches.length - 1))
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      setActive((i) => Math.max(i - 1, 0))
    } else if (event.key === 'Enter' && open && matches[active]) {
      event.preventDefault()
      choose(matches[active])
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      event.stopPropagation()
      close()
    }
  }

  const optionId = (index: number) => `${listId}-option-${index}`
  return (
    <div className={styles.root}>
      <label htmlFor={`${listId}-input`} className="visually-hidden">
        {t('picker.label')}
      </label>
      <TextInput
        ref={inputRef}
        id={`${listId}-input`}
        className={styles.input}
        leadingVisual={OrganizationIcon}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && matches[active] ? optionId(active) : undefined}
        accessKey="f"
        title={`${t('picker.placeholder')} (${t('topBar.accessKey', { key: 'f' })})`}
        placeholder={t('picker.none')}
        value={text}
        autoComplete="off"
        data-testid="company-picker"
        onFocus={(event) => {
          event.currentTarget.select()
          setOpen(true)
          setActive(Math.max(0, matches.findIndex((c) => c.company_no === value)))
        }}
        onBlur={() => window.setTimeout(close, 150)}
        onChange={(event) => {
          setText(event.target.value)
          setSearching(true)
          setOpen(true)
          setActive(0)
        }}
        onKeyDown={onKeyDown}
      />
      {open ? (
        <ul id={listId} role="listbox" aria-label={t('picker.label')} className={styles.list}>
          {matches.length === 0 ? (
            <li className={styles.empty} role="option" aria-disabled="true" aria-selected="false">
              {t('picker.noMatch')}
            </li>
          ) : (
            matches.map((company, index) => (
              <li
                key={company.company_no}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={styles.option}
                data-company-no={company.company_no}
                onMouseDown={(event) => {
                  // Keep focus in the input so blur does not close the list before the click lands.
                  event.preventDefault()
                  choose(company)
                }}
              >
                <span className={styles.name}>{companyLabel(company)}</span>
                <span className={styles.place}>{company.company_place}</span>
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  )
}
