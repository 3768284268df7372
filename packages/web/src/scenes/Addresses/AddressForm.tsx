import { useEffect, useState, type FormEvent } from 'react'
import { Button, FormControl, TextInput } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { validateAddress, type AddressFields } from '@portal/sdk/domain'
import { errorDataOf, errorToMessage } from '@portal/sdk/errors'
import type { Address } from '@portal/sdk/services'
import { Loading } from '../../components/Loading/Loading'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { VatCheckLine } from './VatCheckLine'
import styles from './Addresses.module.css'

const EMPTY: AddressFields = { name: '', street: '', zip: '', town: '', country: 'AT', rpaId: '', vatId: '' }
const FIELDS: (keyof AddressFields)[] = ['name', 'street', 'zip', 'town', 'country', 'rpaId', 'vatId']

/** Props of AddressForm. */
export interface AddressFormProps {
  /** The entry to edit, or null to create one. */
  id: number | null
  onSaved: (address: Address) => void
  onCancel: () => void
  onOpen: (id: number) => void
}

/**
 * One address, created or edited: a name required, the VAT id checked as one types (format and check digit for the
 * country), then by the server with VIES; a VAT id already in the register is refused naming the existing entry.
 */
export function AddressForm({ id, onSaved, onCancel, onOpen }: AddressFormProps) {
  const { t, i18n } = useTranslation('admin')
  const { t: tAny } = useTranslation()
  const { client } = useSession()
  const { notify } = useSnackbar()
  const [loaded, setLoaded] = useState<Address | null>(null)
  const [values, setValues] = useState<AddressFields>(EMPTY)
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<{ text: string; existing?: { id: number; name: string } } | null>(null)
  const [serverField, setServerField] = useState<{ field: string; text: string } | null>(null)

  useEffect(() => {
    setTried(false)
    setRefusal(null)
    setServerField(null)
    if (id === null) {
      setLoaded(null)
      setValues(EMPTY)
      return
    }
    let current = true
    setLoaded(null)
    client
      .service('addresses')
      .get(id)
      .then(
        (address) => {
          if (!current) return
          setLoaded(address)
          setValues({ name: address.name, street: address.street, zip: address.zip, town: address.town, country: address.country, rpaId: address.rpaId, vatId: address.vatId })
        },
        (failure: unknown) => current && setRefusal({ text: errorToMessage(failure, tAny) }),
      )
    return () => {
      current = false
    }
  }, [client, id, tAny])

  const problems = validateAddress(values)
  const error = (field: keyof AddressFields) => {
    const text = tried && problems[field] ? tAny(problems[field]!.key, problems[field]!.params) : serverField?.field === field ? serverField.text : null
    return text ? <FormControl.Validation variant="error">{text}</FormControl.Validation> : null
  }

  const save = async (recheckVatId = false) => {
    setTried(true)
    setRefusal(null)
    setServerField(null)
    if (Object.keys(problems).length > 0) return
    setBusy(true)
    try {
      const saved =
        id === null ? await client.service('addresses').create(values) : await client.service('addresses').patch(id, recheckVatId ? { ...values, recheckVatId } : values)
      setLoaded(saved)
      notify({ kind: 'success', text: id === null ? t('addresses.created') : t('addresses.saved') })
      onSaved(saved)
    } catch (failure) {
      const data = errorDataOf(failure)
      const text = errorToMessage(failure, tAny)
      if (data?.key === 'admin:addresses.vatIdTaken') {
        setRefusal({ text, existing: { id: Number(data.params.id), name: String(data.params.name) } })
      } else if (typeof data?.params.field === 'string' && FIELDS.includes(data.params.field as keyof AddressFields)) {
        setServerField({ field: data.params.field, text })
      } else {
        setRefusal({ text })
      }
    } finally {
      setBusy(false)
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void save()
  }

  if (id !== null && !loaded && !refusal) return <Loading label={t('addresses.loading')} />
  const input = (field: keyof AddressFields, props: { required?: boolean; wide?: boolean; inputMode?: 'numeric' } = {}) => (
    <FormControl required={props.required} className={props.wide ? styles.wideField : undefined}>
      <FormControl.Label>{t(`addresses.${field === 'country' ? 'country' : field}`)}</FormControl.Label>
      <TextInput
        block
        value={values[field]}
        inputMode={props.inputMode}
        onChange={(event) => setValues({ ...values, [field]: event.target.value })}
        data-testid={`address-${field}`}
        validationStatus={(tried && problems[field]) || serverField?.field === field ? 'error' : undefined}
      />
      {error(field)}
    </FormControl>
  )
  return (
    <form
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel()
      }}
      noValidate
      className={styles.form}
      aria-label={id === null ? t('addresses.new') : values.name}
      data-testid="address-form"
    >
      {refusal ? (
        <p role="alert" className={styles.refusal} data-testid="address-refusal">
          {refusal.text}{' '}
          {refusal.existing ? (
            <Button variant="invisible" size="small" onClick={() => onOpen(refusal.existing!.id)}>
              {t('addresses.openExisting', { name: refusal.existing.name })}
            </Button>
          ) : null}
        </p>
      ) : null}
      {input('name', { required: true, wide: true })}
      {input('street', { wide: true })}
      {input('zip', { inputMode: 'numeric' })}
      {input('town')}
      {input('country')}
      {input('rpaId')}
      {input('vatId')}
      {loaded ? <VatCheckLine address={loaded} language={i18n.language} /> : null}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={busy} data-testid="address-save">
          {id === null ? t('addresses.create') : t('addresses.save')}
        </Button>
        {loaded?.vatId ? (
          <Button onClick={() => void save(true)} disabled={busy} data-testid="address-recheck">
            {t('addresses.recheck')}
          </Button>
        ) : null}
        <Button onClick={onCancel}>{t('addresses.cancel')}</Button>
      </div>
    </form>
  )
}
