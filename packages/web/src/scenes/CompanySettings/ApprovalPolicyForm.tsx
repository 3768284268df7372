import { useCallback, useEffect, useState } from 'react'
import { Button, Checkbox, FormControl, Select, TextInput } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { viennaToday } from '@portal/sdk/domain'
import { errorDataOf } from '@portal/sdk/errors'
import type { ApprovalPolicyPatch, ApprovalPolicyRecord, ApproverChoice } from '@portal/sdk/services'
import { useCan } from '../../hooks/useCan'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { formatDate } from '../UnpaidItems/format'
import styles from './CompanySettings.module.css'

/** Props of ApprovalPolicyForm. */
export interface ApprovalPolicyFormProps {
  companyNo: number
}

/** The options of a choice of one of the company's approvers (or none); inside the Select, so its label names it. */
function candidateOptions(candidates: readonly ApproverChoice[]) {
  return [
    <Select.Option key="" value="">
      –
    </Select.Option>,
    ...candidates.map((candidate) => (
      <Select.Option key={candidate.id} value={candidate.id}>
        {candidate.name}
      </Select.Option>
    )),
  ]
}

/**
 * The company's approval policy (docs/payments.md): the amount up to which one approval suffices, the approvers, whether
 * payment runs need a second person's release, the debtor account; and the delegations during absence. Saved by `pay`
 * or `adm`; read-only otherwise.
 */
export function ApprovalPolicyForm({ companyNo }: ApprovalPolicyFormProps) {
  const { t } = useTranslation('unpaid')
  const { t: tAll } = useTranslation()
  const { client, language } = useSession()
  const { notify } = useSnackbar()
  const mayChange = useCan('approval-policies', 'patch', { companyNo })
  const mayDelegate = useCan('approval-delegations', 'create', { companyNo })
  const [policy, setPolicy] = useState<ApprovalPolicyRecord | null>(null)
  const [limit, setLimit] = useState('')
  const [approvers, setApprovers] = useState<string[]>([])
  const [release, setRelease] = useState(false)
  const [debtor, setDebtor] = useState({ name: '', iban: '', bic: '' })
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [fromDate, setFromDate] = useState(viennaToday())
  const [toDate, setToDate] = useState(viennaToday())
  const [busy, setBusy] = useState(false)

  const show = useCallback((record: ApprovalPolicyRecord) => {
    setPolicy(record)
    setLimit(record.single_limit ?? '')
    setApprovers(record.approvers)
    setRelease(record.run_release_required)
    setDebtor({ name: record.debtor_name ?? '', iban: record.debtor_iban ?? '', bic: record.debtor_bic ?? '' })
  }, [])
  const load = useCallback(async () => show(await client.service('approval-policies').get(companyNo)), [client, companyNo, show])
  useEffect(() => {
    void load().catch(() => undefined)
  }, [load])

  const act = async (work: () => Promise<void>, done: string) => {
    setBusy(true)
    try {
      await work()
      notify({ kind: 'success', text: done })
    } catch (error) {
      const data = errorDataOf(error)
      notify({ kind: 'error', text: data ? tAll(data.key, { ...data.params, defaultValue: (error as Error).message }) : (error as Error).message })
    } finally {
      setBusy(false)
    }
  }
  const save = () =>
    act(async () => {
      const patch: ApprovalPolicyPatch = {
        single_limit: limit.trim() ? limit.trim().replace(',', '.') : null,
        approvers,
        run_release_required: release,
        debtor_name: debtor.name.trim() || null,
        debtor_iban: debtor.iban.trim() || null,
        debtor_bic: debtor.bic.trim() || null,
      }
      show(await client.service('approval-policies').patch(companyNo, patch))
    }, t('approval.policy.saved'))
  const delegate = () =>
    act(async () => {
      await client.service('approval-delegations').create({ client: companyNo, ...(from ? { from_user: from } : {}), to_user: to, from_date: fromDate, to_date: toDate })
      await load()
    }, t('approval.policy.saved'))
  const end = (id: number) =>
    act(async () => {
      await client.service('approval-delegations').remove(id)
      await load()
    }, t('approval.policy.saved'))

  if (!policy) return null
  const disabled = !mayChange || busy
  return (
    <section aria-labelledby="approval-policy" className={styles.form} data-testid="approval-policy">
      <h2 id="approval-policy">{t('approval.policy.heading')}</h2>
      <p className={styles.muted}>{t('approval.policy.intro')}</p>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault()
          void save()
        }}
      >
        {/* Read-only rather than disabled for those who may only read it: a disabled control's hint turns pale grey,
            below the contrast a reader needs (axe on the phone's unpaid items). */}
        <FormControl disabled={busy}>
          <FormControl.Label>{t('approval.policy.singleLimit')}</FormControl.Label>
          <TextInput inputMode="decimal" readOnly={!mayChange} value={limit} onChange={(event) => setLimit(event.target.value)} data-testid="policy-limit" />
          <FormControl.Caption>{t('approval.policy.singleLimitHint')}</FormControl.Caption>
        </FormControl>
        <fieldset className={styles.fieldset}>
          <legend>{t('approval.policy.approvers')}</legend>
          <p className={styles.muted}>{t('approval.policy.approversHint')}</p>
          {policy.candidates.map((candidate) => (
            <FormControl key={candidate.id} disabled={disabled}>
              <Checkbox
                checked={approvers.includes(candidate.id)}
                onChange={(event) => setApprovers(event.target.checked ? [...approvers, candidate.id] : approvers.filter((id) => id !== candidate.id))}
                data-testid="policy-approver"
              />
              <FormControl.Label>{candidate.name}</FormControl.Label>
            </FormControl>
          ))}
        </fieldset>
        <FormControl disabled={disabled}>
          <Checkbox checked={release} onChange={(event) => setRelease(event.target.checked)} data-testid="policy-release" />
          <FormControl.Label>{t('approval.policy.releaseRequired')}</FormControl.Label>
        </FormControl>
        <FormControl disabled={disabled}>
          <FormControl.Label>{t('approval.policy.debtorName')}</FormControl.Label>
          <TextInput value={debtor.name} onChange={(event) => setDebtor({ ...debtor, name: event.target.value })} data-testid="policy-debtor-name" />
        </FormControl>
        <FormControl disabled={disabled}>
          <FormControl.Label>{t('approval.policy.debtorIban')}</FormControl.Label>
          <TextInput value={debtor.iban} onChange={(event) => setDebtor({ ...debtor, iban: event.target.value })} data-testid="policy-debtor-iban" />
        </FormControl>
        <FormControl disabled={disabled}>
          <FormControl.Label>{t('approval.policy.debtorBic')}</FormControl.Label>
          <TextInput value={debtor.bic} onChange={(event) => setDebtor({ ...debtor, bic: event.target.value })} data-testid="policy-debtor-bic" />
        </FormControl>
        {mayChange ? (
          <Button type="submit" variant="primary" disabled={busy} data-testid="policy-save">
            {t('approval.policy.save')}
          </Button>
        ) : null}
      </form>
      <h3>{t('approval.policy.delegations')}</h3>
      {policy.delegations.length === 0 ? (
        <p className={styles.muted}>{t('approval.policy.noDelegations')}</p>
      ) : (
        <ul data-testid="policy-delegations">
          {policy.delegations.map((delegation) => (
            <li key={delegation.id}>
              {`${delegation.from_name ?? '?'} → ${delegation.to_name ?? '?'} · ${formatDate(delegation.from_date, language)} – ${formatDate(delegation.to_date, language)}`}
              {delegation.ended ? ` (${t('approval.policy.ended')})` : null}
              {!delegation.ended && mayDelegate ? (
                <Button size="small" onClick={() => void end(delegation.id)} disabled={busy}>
                  {t('approval.policy.endDelegation')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {mayDelegate ? (
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault()
            void delegate()
          }}
        >
          <FormControl>
            <FormControl.Label>{t('approval.policy.delegateFrom')}</FormControl.Label>
            <Select value={from} onChange={(event) => setFrom(event.target.value)} data-testid="delegate-from">
              {candidateOptions(policy.candidates)}
            </Select>
          </FormControl>
          <FormControl required>
            <FormControl.Label>{t('approval.policy.delegateTo')}</FormControl.Label>
            <Select value={to} onChange={(event) => setTo(event.target.value)} data-testid="delegate-to">
              {candidateOptions(policy.candidates)}
            </Select>
          </FormControl>
          <FormControl>
            <FormControl.Label>{t('approval.policy.fromDate')}</FormControl.Label>
            <TextInput type="date" value={fromDate} onChange={(event) => setFromDate(event.target.value)} />
          </FormControl>
          <FormControl>
            <FormControl.Label>{t('approval.policy.toDate')}</FormControl.Label>
            <TextInput type="date" value={toDate} onChange={(event) => setToDate(event.target.value)} />
          </FormControl>
          <Button type="submit" disabled={busy || !to} data-testid="delegate-add">
            {t('approval.policy.addDelegation')}
          </Button>
        </form>
      ) : null}
    </section>
  )
}
