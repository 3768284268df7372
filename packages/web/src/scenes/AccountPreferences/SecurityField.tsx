import type { ComponentProps, Ref } from 'react'
import { FormControl, TextInput } from '@primer/react'

/** Props of SecurityField: the input's own props, its label, value and the refusal to show under it. */
export interface SecurityFieldProps extends Omit<ComponentProps<typeof TextInput>, 'value' | 'onChange' | 'validationStatus' | 'ref'> {
  label: string
  value: string
  onValue: (value: string) => void
  /** The message of a refusal naming this field. */
  error?: string | undefined
  inputRef?: Ref<HTMLInputElement>
}

/** One labelled field of the account-security forms, marked invalid with the message under it when refused. */
export function SecurityField({ label, value, onValue, error, inputRef, ...input }: SecurityFieldProps) {
  return (
    <FormControl>
      <FormControl.Label>{label}</FormControl.Label>
      <TextInput {...input} ref={inputRef} value={value} onChange={(event) => onValue(event.target.value)} validationStatus={error ? 'error' : undefined} />
      {error && <FormControl.Validation variant="error">{error}</FormControl.Validation>}
    </FormControl>
  )
}
