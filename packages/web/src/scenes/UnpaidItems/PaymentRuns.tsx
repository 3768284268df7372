import { useCallback, useEffect, useState } from 'react'
import { Button, Checkbox, FormControl, Select, TextInput } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { PAIN_VERSIONS, RUN_GROUPINGS, formatCents, toCents, viennaToday, type PainVersion, type RunGrouping } from '@portal/sdk/domain'
import { errorDataOf } from '@portal/sdk/errors'
import { paymentRunHttpPaths, type PaymentProposal, type PaymentRunRecord } from '@portal/sdk/services'
import type { PortalClient } from '@portal/sdk/client'
import { useAccessToken } from '../../hooks/useAccessToken'
import { useCan } from '../../hooks/useCan'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { downloadFile } from '../../lib/downloadFile'
import { formatDate, formatMoney } from './format'
import styles from './UnpaidItems.module.css'

/** Props of PaymentRuns. */
export interface PaymentRunsProps {
  client: PortalClient
  companyNo: number
}

/** A refusal of the server in the user's language (its i18n key), else its message. */
function useRefusalText() {
  const { t } = useTranslation()
  return (error: unknown) => {
    const data = errorDataOf(error)
    return data ? t(data.key, { ...data.params, defaultValue: (error as Error).message }) : (error as Error).message
  }
}

/** The chosen ids with `id` in or out. */
function toggled(chosen: ReadonlySet<number>, id: number, checked: boolean): Set<number> {
  const next = new Set(chosen)
  if (checked) next.add(id)
  else next.delete(id)
  return next
}

/**
 * Payment runs of the unpaid items (permission pay): the portal's proposal on an execution date (approved supplier
 * invoices due within the days, open discounts first), chosen by checkbox and made into a run; the company's runs with
 * their detail, the SEPA file's download and the second person's release.
 */
export function PaymentRuns({ client, companyNo }: PaymentRunsProps) {
  const { t } = useTranslation('unpaid')
  const { language } = useSession()
  const { notify } = useSnackbar()
  const refusal = useRefusalText()
  const token = useAccessToken(client)
  const mayPatch = useCan('payment-runs', 'patch', { companyNo })
  const [date, setDate] = useState(viennaToday())
  const [days, setDays] = useState('14')
  const [grouping, setGrouping] = useState<RunGrouping>('invoice')
  const [version, setVersion] = useState<PainVersion>('pain.001.001.09')
  const [proposal, setProposal] = useState<PaymentProposal | null>(null)
  const [chosen, setChosen] = useState<Set<number>>(new Set())
  const [chosenCredits, setChosenCredits] = useState<Set<number>>(new Set())
  const [runs, setRuns] = useState<PaymentRunRecord[]>([])
  const [open, setOpen] = useState<PaymentRunRecord | null>(null)
  const [busy, setBusy] = useState(false)

  const loadRuns = useCallback(async () => setRuns(await client.service('payment-runs').find({ query: { client: companyNo } })), [client, companyNo])
  useEffect(() => {
    void loadRuns().catch(() => undefined)
    const service = client.service('payment-runs') as unknown as { on(event: string, listener: () => void): void; off(event: string, listener: () => void): void }
    const reload = () => void loadRuns().catch(() => undefined)
    service.on('created', reload)
    service.on('patched', reload)
    return () => {
      service.off('created', reload)
      service.off('patched', reload)
    }
  }, [client, loadRuns])

  const act = async (work: () => Promise<void>) => {
    setBusy(true)
    try {
      await work()
    } catch (error) {
      notify({ kind: 'error', text: refusal(error) })
    } finally {
      setBusy(false)
    }
  }
  const propose = () =>
    act(async () => {
      const answer = await client.service('payment-proposals').find({ query: { client: companyNo, execution_date: date, days: Number(days) || 0 } })
      setProposal(answer)
      setChosen(new Set(answer.items.map((item) => item.id)))
      setChosenCredits(new Set(answer.credit_notes.map((credit) => credit.id)))
    })
  const create = () =>
    act(async () => {
      const credits = grouping === 'supplier' ? setOff : []
      const run = await client.service('payment-runs').create({
        company_no: companyNo,
        open_item_ids: [...chosen],
        execution_date: date,
        grouping,
        pain_version: version,
        ...(credits.length > 0 ? { credit_note_ids: credits.map((credit) => credit.id) } : {}),
      })
      notify({ kind: 'success', text: t('runs.created', { id: run.id, count: run.count, total: formatMoney(run.total, 'EUR', language) }) })
      setProposal(null)
      setOpen(run)
    })
  const change = (run: PaymentRunRecord, action: 'release' | 'sent' | 'cancel') =>
    act(async () => setOpen(await client.service('payment-runs').patch(run.id, { action })))
  const download = (run: PaymentRunRecord) =>
    act(async () => {
      const outcome = await downloadFile(paymentRunHttpPaths.file(run.id), run.file_name, token)
      if (!outcome.ok) notify({ kind: 'error', text: outcome.status === 409 ? t('runs.error.notReleased') : t('runs.error.notCreated', { status: outcome.status }) })
    })
  const showRun = (id: number) => act(async () => setOpen(await client.service('payment-runs').get(id)))
  const cents = (amount: string) => toCents(amount) ?? 0
  // Credit notes are set off only with one transfer per supplier (the service's creditNotesNeedSupplier).
  const setOff = grouping === 'supplier' ? (proposal?.credit_notes ?? []).filter((credit) => chosenCredits.has(credit.id)) : []
  const chosenItems = proposal?.items.filter((item) => chosen.has(item.id)) ?? []
  const chosenTotal = [...chosenItems.map((item) => cents(item.amount)), ...setOff.map((credit) => cents(credit.amount))].reduce((sum, value) => sum + value, 0)
  const creditSuppliers = [...new Set((proposal?.credit_notes ?? []).map((credit) => credit.account))]
  const nameOf = (account: number) => proposal?.credit_notes.find((credit) => credit.account === account)?.partner_name ?? String(account)

  return (
    <section className={styles.side} aria-labelledby="payment-runs" data-testid="payment-runs">
      <h2 id="payment-runs" className={styles.heading}>
        {t('runs.title')}
      </h2>
      <p className={styles.intro}>{t('runs.intro')}</p>
      <div className={styles.filters}>
        <FormControl>
          <FormControl.Label>{t('runs.executionDate')}</FormControl.Label>
          <TextInput type="date" value={date} onChange={(event) => setDate(event.target.value)} data-testid="run-date" />
        </FormControl>
        <FormControl>
          <FormControl.Label>{t('runs.proposeDays')}</FormControl.Label>
          <TextInput inputMode="numeric" value={days} onChange={(event) => setDays(event.target.value.replace(/\D/g, '').slice(0, 3))} data-testid="run-days" />
        </FormControl>
        <FormControl>
          <FormControl.Label>{t('runs.grouping.label')}</FormControl.Label>
          <Select value={grouping} onChange={(event) => setGrouping(event.target.value as RunGrouping)} data-testid="run-grouping">
            {RUN_GROUPINGS.map((value) => (
              <Select.Option key={value} value={value}>
                {t(`runs.grouping.${value}`)}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        <FormControl>
          <FormControl.Label>{t('runs.painVersion')}</FormControl.Label>
          <Select value={version} onChange={(event) => setVersion(event.target.value as PainVersion)} data-testid="run-version">
            {PAIN_VERSIONS.map((value) => (
              <Select.Option key={value} value={value}>
                {value}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        <Button onClick={() => void propose()} disabled={busy} data-testid="run-propose">
          {t('runs.propose')}
        </Button>
      </div>
      {proposal ? (
        proposal.items.length === 0 ? (
          <p data-testid="run-empty">{t('runs.noProposal')}</p>
        ) : (
          <fieldset className={styles.proposal} data-testid="run-proposal">
            <legend>{t('runs.create')}</legend>
            {proposal.items.map((item) => {
              const label = `${item.document_number ?? `#${item.id}`} · ${item.partner_name ?? item.account} · ${formatMoney(item.amount, 'EUR', language)}${item.discount !== '0.00' ? ` (−${formatMoney(item.discount, 'EUR', language)})` : ''} · ${formatDate(item.due_date, language)}`
              return (
                <FormControl key={item.id}>
                  <Checkbox
                    checked={chosen.has(item.id)}
                    onChange={(event) => setChosen(toggled(chosen, item.id, event.target.checked))}
                    data-testid="run-item"
                  />
                  <FormControl.Label>{t('runs.select', { document: label })}</FormControl.Label>
                </FormControl>
              )
            })}
            {creditSuppliers.length > 0 ? (
              <fieldset className={styles.proposal} data-testid="run-credits">
                <legend>{t('runs.creditNotes')}</legend>
                {grouping === 'supplier' ? null : <p data-testid="run-credit-hint">{t('runs.creditNotesSupplierOnly')}</p>}
                {creditSuppliers.map((account) => {
                  const invoices = chosenItems.filter((item) => item.account === account)
                  const net = [...invoices.map((item) => cents(item.amount)), ...setOff.filter((credit) => credit.account === account).map((credit) => cents(credit.amount))].reduce((sum, value) => sum + value, 0)
                  return (
                    <div key={account} role="group" aria-label={nameOf(account)} data-testid="run-credit-supplier">
                      <strong>{nameOf(account)}</strong>
                      <p className={styles.muted}>
                        {t('runs.supplierInvoices', { list: invoices.map((item) => `${item.document_number ?? `#${item.id}`} (${formatMoney(item.amount, 'EUR', language)})`).join(', ') || '–' })}
                      </p>
                      {proposal.credit_notes
                        .filter((credit) => credit.account === account)
                        .map((credit) => (
                          <FormControl key={credit.id} disabled={grouping !== 'supplier'}>
                            <Checkbox
                              checked={grouping === 'supplier' && chosenCredits.has(credit.id)}
                              onChange={(event) => setChosenCredits(toggled(chosenCredits, credit.id, event.target.checked))}
                              data-testid="run-credit"
                            />
                            <FormControl.Label>{t('runs.setOff', { document: `${credit.document_number ?? `#${credit.id}`} · ${formatMoney(credit.amount, 'EUR', language)}` })}</FormControl.Label>
                          </FormControl>
                        ))}
                      {grouping === 'supplier' ? <p data-testid="run-credit-net">{t('runs.supplierNet', { supplier: nameOf(account), total: formatMoney(formatCents(net), 'EUR', language) })}</p> : null}
                    </div>
                  )
                })}
              </fieldset>
            ) : null}
            <p data-testid="run-total">
              {setOff.length > 0
                ? t('runs.selectedTotalWithCredits', { invoices: chosen.size, count: setOff.length, total: formatMoney(formatCents(chosenTotal), 'EUR', language) })
                : t('runs.selectedTotal', { count: chosen.size, total: formatMoney(formatCents(chosenTotal), 'EUR', language) })}
            </p>
            <Button variant="primary" onClick={() => void create()} disabled={busy || chosen.size === 0} data-testid="run-create">
              {t('runs.createRun')}
            </Button>
          </fieldset>
        )
      ) : null}
      <h3 className={styles.heading}>{t('runs.list')}</h3>
      {runs.length === 0 ? (
        <p>{t('runs.noRuns')}</p>
      ) : (
        <ul className={styles.runList} data-testid="run-list">
          {runs.map((run) => (
            <li key={run.id}>
              <Button variant="invisible" onClick={() => void showRun(run.id)} data-testid="run-open">
                {`${t('runs.detail', { id: run.id })} · ${t(`runs.status.${run.status}`)} · ${formatDate(run.execution_date, language)} · ${formatMoney(run.total, 'EUR', language)}`}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {open ? (
        <article aria-labelledby="run-detail" data-testid="run-detail">
          <h3 id="run-detail" className={styles.heading}>
            {t('runs.detail', { id: open.id })} · <span data-testid="run-status">{t(`runs.status.${open.status}`)}</span>
          </h3>
          <dl className={styles.facts}>
            <dt>{t('runs.facts.execution')}</dt>
            <dd>{formatDate(open.execution_date, language)}</dd>
            <dt>{t('runs.facts.debtor')}</dt>
            <dd>{`${open.debtor_name} · ${open.debtor_iban}`}</dd>
            <dt>{t('runs.facts.count')}</dt>
            <dd>{open.count}</dd>
            <dt>{t('runs.facts.total')}</dt>
            <dd data-testid="run-detail-total">{formatMoney(open.total, 'EUR', language)}</dd>
            <dt>{t('runs.facts.createdBy')}</dt>
            <dd>{open.created_by_name ?? '–'}</dd>
            {open.released_by_name ? (
              <>
                <dt>{t('runs.facts.releasedBy')}</dt>
                <dd>{open.released_by_name}</dd>
              </>
            ) : null}
          </dl>
          {open.release_required && open.status === 'created' ? <p data-testid="run-awaiting">{t('runs.awaitingRelease')}</p> : null}
          <div className={styles.actions}>
            <Button onClick={() => void download(open)} disabled={busy || (open.release_required && open.status === 'created')} data-testid="run-download">
              {t('runs.download')}
            </Button>
            {mayPatch && open.release_required && open.status === 'created' ? (
              <Button onClick={() => void change(open, 'release')} disabled={busy} data-testid="run-release">
                {t('runs.release')}
              </Button>
            ) : null}
            {mayPatch && (open.status === 'released' || (open.status === 'created' && !open.release_required)) ? (
              <Button onClick={() => void change(open, 'sent')} disabled={busy} data-testid="run-sent">
                {t('runs.markSent')}
              </Button>
            ) : null}
            {mayPatch && (open.status === 'created' || open.status === 'released') ? (
              <Button variant="danger" onClick={() => void change(open, 'cancel')} disabled={busy} data-testid="run-cancel">
                {t('runs.cancelRun')}
              </Button>
            ) : null}
          </div>
          <div className={styles.scroll}>
            <table className={styles.table} data-testid="run-items">
              <caption className={styles.muted}>{t('runs.detail', { id: open.id })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('runs.columns.supplier')}</th>
                  <th scope="col">{t('runs.columns.iban')}</th>
                  <th scope="col">{t('runs.columns.document')}</th>
                  <th scope="col">{t('runs.columns.reference')}</th>
                  <th scope="col" className={styles.number}>
                    {t('runs.columns.discount')}
                  </th>
                  <th scope="col" className={styles.number}>
                    {t('runs.columns.amount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {open.items.map((item) => (
                  <tr key={`${item.booking_id}`}>
                    <td>{item.creditor_name}</td>
                    <td>{item.creditor_iban}</td>
                    <td>{item.document_number ?? `#${item.document_id}`}</td>
                    <td>{item.end_to_end_id}</td>
                    <td className={styles.number}>{item.discount === '0.00' ? '–' : formatMoney(item.discount, 'EUR', language)}</td>
                    <td className={styles.number}>{formatMoney(item.amount, 'EUR', language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </article>
      ) : null}
    </section>
  )
}
