import { useEffect, useState } from 'react'
import { Button, Select, TextInput } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { KER_TARGETS, checkKerRanges, type KerRange, type KerTarget } from '@portal/sdk/domain'
import { errorToMessage } from '@portal/sdk/errors'
import type { KerMapping } from '@portal/sdk/services'
import { useCan } from '../../hooks/useCan'
import { useSession } from '../../hooks/useSession'
import styles from './Reports.module.css'

/** Props of KerMappingPanel. */
export interface KerMappingPanelProps {
  companyNo: number
  onSaved: () => void
}

/**
 * The firm's account-class mapping (EKR ranges → KER lines): shown to everyone who sees the report, edited by
 * administrators (adm) with the SDK's rules checked in place; a save applies to the whole firm and is audited.
 */
export function KerMappingPanel({ companyNo, onSaved }: KerMappingPanelProps) {
  const { t } = useTranslation('reports')
  const { t: tAny } = useTranslation()
  const { client } = useSession()
  const mayEdit = useCan('ker-mappings', 'patch', { companyNo })
  const [mapping, setMapping] = useState<KerMapping | null>(null)
  const [ranges, setRanges] = useState<KerRange[]>([])
  const [editing, setEditing] = useState(false)
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null)

  useEffect(() => {
    let current = true
    client
      .service('ker-mappings')
      .find({ query: { client: companyNo } })
      .then(([found]) => {
        if (!current || !found) return
        setMapping(found)
        setRanges(found.ranges)
      })
      .catch(() => undefined)
    return () => {
      current = false
    }
  }, [client, companyNo])

  if (!mapping) return null
  const issues = checkKerRanges(ranges)
  const targetName = (target: KerTarget) => (target === 'excluded' ? t('mapping.excluded') : t(`line.${target}`))
  const save = async (next: KerRange[]) => {
    try {
      const saved = await client.service('ker-mappings').patch(companyNo, { ranges: next })
      setMapping(saved)
      setRanges(saved.ranges)
      setEditing(false)
      setMessage({ kind: 'ok', text: t('mapping.saved') })
      onSaved()
    } catch (failure) {
      setMessage({ kind: 'error', text: errorToMessage(failure, tAny) })
    }
  }
  const change = (index: number, patch: Partial<KerRange>) => setRanges(ranges.map((range, at) => (at === index ? { ...range, ...patch } : range)))

  return (
    <details className={styles.section} data-testid="ker-mapping">
      <summary className={styles.heading}>{t('mapping.heading')}</summary>
      <p className={styles.muted}>{t('mapping.intro')}</p>
      <p className={styles.muted}>{mapping.custom ? t('mapping.custom') : t('mapping.defaults')}</p>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('mapping.from')}</th>
              <th scope="col">{t('mapping.to')}</th>
              <th scope="col">{t('mapping.target')}</th>
              {editing ? <th scope="col" /> : null}
            </tr>
          </thead>
          <tbody>
            {ranges.map((range, index) => {
              const issue = issues.find((candidate) => candidate.index === index)
              return (
                <tr key={index} data-testid="ker-range">
                  {editing ? (
                    <>
                      <td>
                        <TextInput aria-label={t('mapping.from')} value={String(range.from)} onChange={(event) => change(index, { from: Number(event.target.value) })} size="small" />
                      </td>
                      <td>
                        <TextInput aria-label={t('mapping.to')} value={String(range.to)} onChange={(event) => change(index, { to: Number(event.target.value) })} size="small" />
                        {issue ? <div className={styles.refusal}>{t(issue.rule as 'mapping.overlap', { range: index + 1 })}</div> : null}
                      </td>
                      <td>
                        <Select aria-label={t('mapping.target')} value={range.target} onChange={(event) => change(index, { target: event.target.value as KerTarget })}>
                          {KER_TARGETS.map((target) => (
                            <Select.Option key={target} value={target}>
                              {targetName(target)}
                            </Select.Option>
                          ))}
                        </Select>
                      </td>
                      <td>
                        <Button size="small" variant="invisible" onClick={() => setRanges(ranges.filter((_, at) => at !== index))}>
                          {t('mapping.remove')}
                        </Button>
                      </td>
                    </>
                  ) : (
                    <>
                      <td>{range.from}</td>
                      <td>{range.to}</td>
                      <td>{targetName(range.target)}</td>
                    </>
                  )}
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      {message ? (
        <p role={message.kind === 'error' ? 'alert' : 'status'} className={message.kind === 'error' ? styles.refusal : styles.muted}>
          {message.text}
        </p>
      ) : null}
      {mayEdit ? (
        <div className={styles.actions}>
          {editing ? (
            <>
              <Button onClick={() => setRanges([...ranges, { from: 0, to: 0, target: 'otherOperating' }])}>{t('mapping.add')}</Button>
              <Button variant="primary" disabled={issues.length > 0} onClick={() => void save(ranges)} data-testid="ker-mapping-save">
                {t('mapping.save')}
              </Button>
              <Button onClick={() => void save([])}>{t('mapping.reset')}</Button>
            </>
          ) : (
            <Button onClick={() => setEditing(true)} data-testid="ker-mapping-edit">
              {t('mapping.edit')}
            </Button>
          )}
        </div>
      ) : null}
    </details>
  )
}
