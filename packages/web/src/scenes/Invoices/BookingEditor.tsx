import { useMemo, type ReactNode } from 'react'
import { Button, Checkbox, FormControl, IconButton, Select, TextInput } from '@primer/react'
import { PlusIcon, XIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import { SETTLEMENT_KINDS, SettlementKind, payableAfterDeduction, type BookingIssue } from '@portal/sdk/domain'
import { translateMessage } from '@portal/sdk/i18n'
import type { DocumentBooking, SuggestedField } from '@portal/sdk/services'
import { BookingLinesTable } from './BookingLinesTable'
import { checkBookingForm, normalizeAmount, shownSuggestion, type BookingForm } from './bookingForm'
import type { BookingChoices, Choice } from './useBookingChoices'
import styles from './Booking.module.css'

/** Props of BookingEditor. */
export interface BookingEditorProps {
  answer: DocumentBooking
  form: BookingForm
  onChange: (form: BookingForm) => void
  choices: BookingChoices
  language: string
  /** The refusal of the last try, shown at its field. */
  refused: BookingIssue | null
}

/**
 * The booking's fields for acc on a confirmed document: account, counter account, cost centre, period, book, text,
 * one tax line per code (amount net or gross as the company books; net, tax and gross computed), business lunch and
 * settlement. Every field the suggestions filled says where its value came from; the rules are checked as one types.
 */
export function BookingEditor({ answer, form, onChange, choices, language, refused }: BookingEditorProps) {
  const { t } = useTranslation('booking')
  const checked = useMemo(() => checkBookingForm(form, answer), [form, answer])
  const issues = refused ? [...checked.issues.filter((i) => i.field !== refused.field), refused] : checked.issues
  const issueOf = (field: string) => issues.find((i) => i.field === field || i.field.startsWith(`${field}.`))
  const set = <K extends keyof BookingForm>(key: K, value: BookingForm[K]) => onChange({ ...form, [key]: value })
  const sourceNote = (field: SuggestedField, value: string) => {
    const suggestion = shownSuggestion(answer, field, value)
    if (!suggestion) return null
    const source = t(`source.${suggestion.source}`, { no: suggestion.booking_no ?? '' })
    return (
      <FormControl.Caption>
        <span data-testid={`booking-source-${field}`} data-source={suggestion.source}>
          {t('panel.suggested', { source })}
        </span>
      </FormControl.Caption>
    )
  }
  const validation = (field: string) => {
    const found = issueOf(field)
    return found ? <FormControl.Validation variant="error">{translateMessage(t, found)}</FormControl.Validation> : null
  }
  const listOf = (id: string, list: readonly Choice[]) => (
    <datalist id={id}>
      {list.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </datalist>
  )
  const field = (name: SuggestedField & keyof BookingForm, input: ReactNode) => (
    <FormControl key={name}>
      <FormControl.Label>{t(`field.${name}`)}</FormControl.Label>
      {input}
      {validation(name) ?? sourceNote(name, String(form[name]))}
    </FormControl>
  )
  const text = (name: 'account' | 'counter_account' | 'period' | 'text', extra: Record<string, string> = {}) => (
    <TextInput value={form[name]} onChange={(event) => set(name, event.target.value)} block data-testid={`booking-${name}`} {...extra} />
  )
  const select = (name: 'cost_center' | 'book', list: readonly Choice[]) => (
    <Select value={form[name]} onChange={(event) => set(name, event.target.value)} block data-testid={`booking-${name}`}>
      <Select.Option value="">{t('field.none')}</Select.Option>
      {list.map((choice) => (
        <Select.Option key={choice.value} value={choice.value}>
          {choice.value} · {choice.label}
        </Select.Option>
      ))}
    </Select>
  )
  const setLine = (index: number, patch: Partial<BookingForm['lines'][number]>) =>
    set('lines', form.lines.map((line, i) => (i === index ? { ...line, ...patch } : line)))
  const gross = answer.settings.use_gross_amounts
  return (
    <div className={styles.editor} data-testid="booking-editor">
      <p className={styles.muted}>
        {t('panel.settings', { mode: gross ? t('panel.gross') : t('panel.net') })}
        {answer.settings.small_business ? ` ${t('panel.smallBusiness')}` : ''}
      </p>
      <div className={styles.grid}>
        {field('account', <>{text('account', { list: 'booking-accounts', inputMode: 'numeric' })}{listOf('booking-accounts', choices.accounts)}</>)}
        {field('counter_account', <>{text('counter_account', { list: 'booking-counter-accounts', inputMode: 'numeric' })}{listOf('booking-counter-accounts', choices.counterAccounts)}</>)}
        {field('cost_center', select('cost_center', choices.costCenters))}
        {field('period', text('period', { placeholder: 'YYYY-MM' }))}
        {field('book', select('book', choices.books))}
        {field('text', text('text'))}
      </div>

      <fieldset className={styles.fieldset}>
        <legend>{t('lines.heading')}</legend>
        {form.lines.map((line, index) => (
          <div key={index} className={styles.lineRow} data-testid="booking-line">
            <FormControl>
              <FormControl.Label visuallyHidden={index > 0}>{t('lines.taxCode')}</FormControl.Label>
              <Select value={line.taxCode} onChange={(event) => setLine(index, { taxCode: event.target.value })} data-testid="booking-line-code">
                {line.taxCode === '' ? <Select.Option value="">{t('field.choose')}</Select.Option> : null}
                {choices.taxCodes.map((code) => (
                  <Select.Option key={code} value={code}>
                    {code} · {t(`domain:taxCode.${code}`)}
                  </Select.Option>
                ))}
              </Select>
            </FormControl>
            <FormControl>
              <FormControl.Label visuallyHidden={index > 0}>
                <span data-testid="booking-line-amount-label" data-mode={gross ? 'gross' : 'net'}>
                  {gross ? t('lines.amountGross') : t('lines.amountNet')}
                </span>
              </FormControl.Label>
              <TextInput value={line.amount} onChange={(event) => setLine(index, { amount: event.target.value })} inputMode="decimal" data-testid="booking-line-amount" />
            </FormControl>
            {form.lines.length > 1 ? (
              <IconButton icon={XIcon} variant="invisible" aria-label={t('lines.remove', { index: index + 1 })} onClick={() => set('lines', form.lines.filter((_, i) => i !== index))} />
            ) : null}
          </div>
        ))}
        {index0SourceNote(answer, form, t)}
        <Button size="small" leadingVisual={PlusIcon} onClick={() => set('lines', [...form.lines, { taxCode: '', amount: '' }])}>
          {t('lines.add')}
        </Button>
        {checked.lines.length > 0 ? <BookingLinesTable lines={checked.lines} language={language} caption={t('lines.booked')} /> : null}
        <p className={styles.muted}>
          {t('lines.document')}: {[answer.totals.net, answer.totals.tax, answer.totals.gross].map((v) => v ?? '–').join(' / ')} {answer.totals.currency}
        </p>
        {issues
          .filter((i) => i.field === 'lines' || i.field.startsWith('lines.') || i.field === 'total_gross')
          .map((i) => (
            <p key={`${i.field}-${i.key}-${String(i.params.total ?? '')}`} className={styles.error} role="alert" data-testid="booking-lines-issue">
              {translateMessage(t, i)}
            </p>
          ))}
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend>{t('field.business_lunch')}</legend>
        <FormControl>
          <Checkbox checked={form.business_lunch} onChange={(event) => set('business_lunch', event.target.checked)} data-testid="booking-business-lunch" />
          <FormControl.Label>{t('field.business_lunch')}</FormControl.Label>
        </FormControl>
        {form.business_lunch ? (
          <div className={styles.grid}>
            <FormControl required>
              <FormControl.Label>{t('field.business_lunch_reason')}</FormControl.Label>
              <TextInput value={form.business_lunch_reason} onChange={(event) => set('business_lunch_reason', event.target.value)} block />
              {validation('business_lunch_reason')}
            </FormControl>
            <FormControl required>
              <FormControl.Label>{t('field.business_lunch_participants')}</FormControl.Label>
              <TextInput value={form.business_lunch_participants} onChange={(event) => set('business_lunch_participants', event.target.value)} block />
              {validation('business_lunch_participants')}
            </FormControl>
          </div>
        ) : null}
      </fieldset>

      <div className={styles.grid}>
        <FormControl>
          <FormControl.Label>{t('field.settlement_kind')}</FormControl.Label>
          <Select value={form.settlement_kind} onChange={(event) => set('settlement_kind', event.target.value)} block data-testid="booking-settlement">
            <Select.Option value="">{t('field.none')}</Select.Option>
            {SETTLEMENT_KINDS.map((kind) => (
              <Select.Option key={kind} value={kind}>
                {t(`settlement.${kind}`)}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        {form.settlement_kind === SettlementKind.final_settlement ? (
          <FormControl>
            <FormControl.Label>{t('field.deducted')}</FormControl.Label>
            <TextInput value={form.deducted} onChange={(event) => set('deducted', event.target.value)} inputMode="decimal" block />
            {validation('deducted') ?? sourceNote('deducted', form.deducted)}
            {form.deducted.trim() && !issueOf('deducted') ? (
              <FormControl.Caption>{t('lines.payable', { amount: payableAfterDeduction(answer.totals.gross ?? '0.00', normalizeAmount(form.deducted)) })}</FormControl.Caption>
            ) : null}
          </FormControl>
        ) : null}
      </div>
    </div>
  )
}

/** Where the first line's tax code came from, when it is still the suggested one. */
function index0SourceNote(answer: DocumentBooking, form: BookingForm, t: (key: string, params?: Record<string, unknown>) => string) {
  const suggestion = shownSuggestion(answer, 'tax_code', form.lines[0]?.taxCode ?? '')
  if (!suggestion) return null
  return (
    <p className={styles.muted} data-testid="booking-source-tax_code" data-source={suggestion.source}>
      {t('panel.suggested', { source: t(`source.${suggestion.source}`, { no: suggestion.booking_no ?? '' }) })}
    </p>
  )
}
