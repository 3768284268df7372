import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Button, FormControl, Select, TextInput } from '@primer/react'
import { PencilIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import type { LabelValueKind } from '@portal/sdk/domain'
import { translateMessage } from '@portal/sdk/i18n'
import { parseLabelInput, taxLinesInputText, type LabelInput } from '@portal/sdk/validators'
import { choicesOf, labelKind } from './fieldKinds'
import styles from './Invoices.module.css'

/** Props of FieldEditor. */
export interface FieldEditorProps {
  field: string
  /** The field's name in the user's language. */
  name: string
  /** The current value (as stored), the editor's starting text. */
  value: string | undefined
  open: boolean
  onOpen: () => void
  onClose: () => void
  /** Saves the stored form of the value (empty: not on the document); rejects with the server's refusal. */
  onSave: (value: string) => Promise<void>
}

/**
 * Corrects one field by typing: the text is read by the field's kind as people type it (dates, 1.234,56 amounts, IBAN,
 * VAT id…) and checked live; Enter saves, Escape cancels. Fields with a fixed set of values offer a choice instead.
 * "Not on the document" clears a value the machine read where the document has none (saved as an empty value).
 */
export function FieldEditor({ field, name, value, open, onOpen, onClose, onSave }: FieldEditorProps) {
  const { t } = useTranslation('invoices')
  const [draft, setDraft] = useState(value ?? '')
  const [saving, setSaving] = useState(false)
  const input = useRef<HTMLInputElement & HTMLSelectElement>(null)
  const kind = (labelKind(field) ?? 'text') as LabelValueKind
  useEffect(() => {
    if (!open) return
    // Tax lines are stored as JSON; people type them as "20 % 100,00 20,00; 10 % 50,00 5,00".
    setDraft(value && kind === 'taxLines' ? taxLinesInputText(value) : (value ?? ''))
    // Opened by the attention key or the button: the cursor goes straight in.
    requestAnimationFrame(() => {
      input.current?.focus()
      input.current?.select?.()
    })
  }, [open, value, kind])

  if (!open) {
    return (
      <Button size="small" variant="invisible" leadingVisual={PencilIcon} onClick={onOpen} className={styles.editButton} data-testid="edit-field" aria-label={t('fields.edit', { field: name })}>
        {t('fields.correct')}
      </Button>
    )
  }

  const choices = choicesOf(field, t)
  const parsed: LabelInput = choices && draft ? { value: draft } : parseLabelInput(kind, draft)
  const problem = parsed.error ? translateMessage(t, parsed.error) : null
  const save = (stored: string) => {
    setSaving(true)
    onSave(stored).then(
      () => {
        setSaving(false)
        onClose()
      },
      () => setSaving(false),
    )
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (parsed.error !== undefined || saving) return
    save(parsed.value)
  }
  const id = `edit-${field}`
  return (
    <form className={styles.editor} onSubmit={submit} onKeyDown={(event) => event.key === 'Escape' && (event.stopPropagation(), onClose())} data-testid="field-editor">
      <FormControl id={id}>
        <FormControl.Label visuallyHidden>{t('fields.edit', { field: name })}</FormControl.Label>
        {choices ? (
          <Select ref={input} value={draft} onChange={(event) => setDraft(event.target.value)} size="small">
            <Select.Option value="" disabled>
              {name}
            </Select.Option>
            {choices.map((choice) => (
              <Select.Option key={choice.value} value={choice.value}>
                {choice.label}
              </Select.Option>
            ))}
          </Select>
        ) : (
          <TextInput ref={input} value={draft} onChange={(event) => setDraft(event.target.value)} size="small" block autoComplete="off" validationStatus={problem && draft ? 'error' : undefined} />
        )}
        {problem && draft ? <FormControl.Validation variant="error">{problem}</FormControl.Validation> : null}
        {kind === 'taxLines' ? <FormControl.Caption>{t('fields.taxLinesHint')}</FormControl.Caption> : null}
        {!problem && parsed.value && parsed.value !== draft.trim() && kind !== 'taxLines' ? <FormControl.Caption>→ {parsed.value}</FormControl.Caption> : null}
      </FormControl>
      <div className={styles.editorButtons}>
        <Button type="submit" size="small" variant="primary" disabled={Boolean(parsed.error) || saving}>
          {saving ? t('fields.saving') : t('fields.save')}
        </Button>
        <Button size="small" onClick={onClose}>
          {t('fields.cancel')}
        </Button>
        {value ? (
          <Button size="small" variant="danger" onClick={() => save('')} disabled={saving} aria-label={t('fields.clearLabel', { field: name })} data-testid="clear-field">
            {t('fields.clear')}
          </Button>
        ) : null}
      </div>
    </form>
  )
}
