import { useEffect, useRef, useState } from 'react'
import { Button, FormControl, Select } from '@primer/react'
import { XIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import type { PageRegion } from '../../components/PageViewer/pageSelection'
import styles from './Invoices.module.css'

/** Props of SelectionBar. */
export interface SelectionBarProps {
  region: PageRegion
  /** The fields the words can go to, with their names. */
  fields: readonly { field: string; name: string }[]
  /** The field offered first (the one being corrected, or the first that needs attention). */
  suggested: string | undefined
  onAssign: (field: string) => void
  onDiscard: () => void
}

/** What was selected on the page, and where it goes: pick the field, Assign (Enter) stores it as a person's label. */
export function SelectionBar({ region, fields, suggested, onAssign, onDiscard }: SelectionBarProps) {
  const { t } = useTranslation('invoices')
  const [field, setField] = useState(suggested ?? fields[0]?.field ?? '')
  const select = useRef<HTMLSelectElement>(null)
  useEffect(() => {
    setField(suggested ?? fields[0]?.field ?? '')
    select.current?.focus()
    // A new selection starts from the suggestion again.
  }, [region, suggested, fields])
  return (
    <form
      className={styles.selectionBar}
      aria-label={t('selection.heading')}
      data-testid="selection-bar"
      onSubmit={(event) => {
        event.preventDefault()
        if (field) onAssign(field)
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation()
          onDiscard()
        }
      }}
    >
      <p className={styles.selectionText} data-testid="selection-text">
        {region.text ? t('selection.text', { text: region.text }) : t('selection.emptyBox')}
      </p>
      <div className={styles.selectionControls}>
        <FormControl id="selection-field">
          <FormControl.Label>{t('selection.assignTo')}</FormControl.Label>
          <Select ref={select} value={field} onChange={(event) => setField(event.target.value)} size="small">
            {fields.map((f) => (
              <Select.Option key={f.field} value={f.field}>
                {f.name}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        <Button type="submit" variant="primary" size="small" disabled={!region.text || !field} data-testid="assign-selection">
          {t('selection.assign')}
        </Button>
        <Button size="small" variant="invisible" leadingVisual={XIcon} onClick={onDiscard}>
          {t('selection.clear')}
        </Button>
      </div>
    </form>
  )
}
