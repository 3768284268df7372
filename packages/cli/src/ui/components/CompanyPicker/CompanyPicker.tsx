import { Box, Text, useInput } from 'ink'
import { useRef, useState } from 'react'
import type { AccountingClient } from '@portal/sdk/services'
import type { Translate } from '../../../i18n'
import { filterCompanies } from './filter-companies'

/** Props of CompanyPicker. */
export interface CompanyPickerProps {
  companies: AccountingClient[]
  t: Translate
  onSelect(args: { company: AccountingClient }): void
  onQuit(): void
  /** Lines of the list shown at once. */
  pageSize?: number
}

/** A searchable company list (by name or number; each entry shows number, name and place), as the web's picker. */
export function CompanyPicker({ companies, t, onSelect, onQuit, pageSize = 10 }: CompanyPickerProps) {
  const [query, setQuery] = useState('')
  const [cursor, setCursor] = useState(0)
  const matches = filterCompanies(companies, query)
  const selected = Math.min(cursor, Math.max(0, matches.length - 1))
  // Keys can arrive before the handler of the latest render is installed (fast typing, pastes): read
  // what is on screen from a ref, not from the closure.
  const shown = useRef({ matches, selected, query })
  shown.current = { matches, selected, query }

  useInput((input, key) => {
    const { matches, selected, query } = shown.current
    if (key.escape || (key.ctrl && input === 'c')) return onQuit()
    // Tab belongs to the app (it switches to the users screen).
    if (key.tab) return
    if (key.return) {
      if (matches[selected]) onSelect({ company: matches[selected] })
      return
    }
    if (key.upArrow) return setCursor(Math.max(0, selected - 1))
    if (key.downArrow) return setCursor(Math.min(matches.length - 1, selected + 1))
    if (key.backspace || key.delete) {
      setQuery((current) => current.slice(0, -1))
      return setCursor(0)
    }
    // q quits only when nothing is typed, so company names with q can still be searched.
    if (input === 'q' && query === '') return onQuit()
    if (input && !key.ctrl && !key.meta) {
      setQuery((current) => current + input)
      setCursor(0)
    }
  })

  const first = Math.max(0, Math.min(selected - Math.floor(pageSize / 2), matches.length - pageSize))
  return (
    <Box flexDirection="column">
      <Box gap={1}>
        <Text bold>{t('tui.search')}</Text>
        <Text>{query}</Text>
        <Text inverse> </Text>
      </Box>
      <Text dimColor>{t('tui.searchHint')}</Text>
      {matches.length === 0 ? <Text color="yellow">{t('tui.noMatch', { query })}</Text> : null}
      {matches.slice(first, first + pageSize).map((company, index) => {
        const isSelected = first + index === selected
        return (
          <Text key={company.company_no} color={isSelected ? 'cyan' : undefined} bold={isSelected}>
            {isSelected ? '› ' : '  '}
            {t('tui.company', { number: company.company_no, name: company.company_name, place: company.company_place })}
          </Text>
        )
      })}
    </Box>
  )
}
