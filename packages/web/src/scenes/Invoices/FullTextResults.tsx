import { useEffect, useState, type FormEvent } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { Button, FormControl, TextInput } from '@primer/react'
import { SearchIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import { formatAmount, formatDate } from '@portal/sdk/i18n'
import type { DocumentSearchHit } from '@portal/sdk/services'
import styles from './Invoices.module.css'

/** Props of FullTextResults. */
export interface FullTextResultsProps {
  /** The words searched (from the URL), empty before the first search. */
  words: string
  onSearch: (words: string) => void
  hits: readonly DocumentSearchHit[] | null
  total: number
  selectedId: number
  hrefOf: (id: number) => string
  language: string
}

/**
 * The full-text view: a search over every page of the company's documents, best hits first (the rank orders them; its
 * figure is the server's and is not shown), each hit with its snippet, dates and amounts as the language writes them.
 */
export function FullTextResults({ words, onSearch, hits, total, selectedId, hrefOf, language }: FullTextResultsProps) {
  const { t } = useTranslation('invoices')
  const [draft, setDraft] = useState(words)
  useEffect(() => setDraft(words), [words])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (draft.trim()) onSearch(draft.trim())
  }
  return (
    <div className={styles.listBox}>
      <form role="search" onSubmit={submit} className={styles.searchForm}>
        <FormControl id="fulltext-words">
          <FormControl.Label>{t('search.label')}</FormControl.Label>
          <div className={styles.searchRow}>
            {/* Not FormControl's direct child (the row holds the button too): the id ties the label to it. */}
            <TextInput id="fulltext-words" value={draft} onChange={(event) => setDraft(event.target.value)} placeholder={t('search.placeholder')} leadingVisual={SearchIcon} block maxLength={200} />
            <Button type="submit">{t('search.submit')}</Button>
          </div>
        </FormControl>
      </form>
      {hits === null ? (
        <p className={styles.muted}>{t('search.hint')}</p>
      ) : hits.length === 0 ? (
        <p className={styles.muted}>{t('search.none')}</p>
      ) : (
        <>
          <p className={styles.listFoot} data-testid="list-count">
            {t('search.results', { count: total })}
          </p>
          <ol className={styles.hits} data-testid="search-hits">
            {hits.map((hit) => (
              <li key={hit.id}>
                <RouterLink to={hrefOf(hit.id)} className={styles.hit} aria-current={hit.id === selectedId ? 'true' : undefined} data-testid="search-hit" data-document-id={hit.id}>
                  <span className={styles.rowLine}>
                    <span className={styles.partner}>{hit.file_name}</span>
                    <span className={styles.gross}>{hit.total_gross ? formatAmount(hit.total_gross, language) : ''}</span>
                  </span>
                  <span className={styles.rowLine}>
                    <span className={styles.invoiceNumber}>{[hit.invoice_number, hit.invoice_date ? formatDate(hit.invoice_date, language) : null].filter(Boolean).join(' · ')}</span>
                  </span>
                  <span className={styles.snippet}>
                    {hit.snippet.map((part, index) => (part.hit ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>))}
                  </span>
                </RouterLink>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  )
}
