import { useEffect, useMemo, useState, type ReactNode } from 'react'
import type { AccountingClient, CompanySettings } from '@portal/sdk/services'
import { CompanyLoader, initialCompanyState, type CompanyState as LoaderState } from '@portal/sdk/state'
import { companyLoaders } from '../lib/companyLoads'
import { useSession } from '../hooks/useSession'
import { useSnackbar } from '../hooks/useSnackbar'
import { CompanyContext } from './contexts'

/** Props of CompanyProvider. */
export interface CompanyProviderProps {
  /** Company number from the route; 0 when the route has none or '0'. */
  client: number
  children: ReactNode
}

/**
 * Loads the user's companies (again when an administrator changes which ones they may see), and runs the SDK's
 * company change whenever the route's company changes: reset, companyReady false, reload, companyReady true when
 * every load has finished (SPEC §4); a later change wins over a slower earlier load.
 */
export function CompanyProvider({ client: companyNo, children }: CompanyProviderProps) {
  const { client, config, user } = useSession()
  const { notifyError } = useSnackbar()
  // The session user changes live when an administrator assigns or withdraws companies (SessionGate).
  const access = user.klienten_array.join(',')
  const [companies, setCompanies] = useState<AccountingClient[]>([])
  const [state, setState] = useState<LoaderState>(initialCompanyState)

  useEffect(() => {
    client.service('accounting-client').find().then(setCompanies, notifyError)
  }, [client, notifyError, access])

  const loader = useMemo(
    () =>
      new CompanyLoader({
        loaders: companyLoaders(client, config.defaultAccountSystem),
        onChange: setState,
        // SPEC §8: a company load failure is logged and shown; the screen opens with what did load.
        onError: (error, resource) => {
          console.error(`Company load ${resource} failed`, error)
          notifyError(error)
        },
      }),
    [client, config.defaultAccountSystem, notifyError],
  )

  // A link to a company that is not the user's (another company's, or one whose access ended) loads nothing: every
  // load would be refused, one red snackbar each. RouteFrame shows one message and the way to the user's own company.
  const foreign = companyNo > 0 && !user.klienten_array.includes(companyNo)
  const selected = companyNo > 0 && !foreign ? String(companyNo) : null
  useEffect(() => {
    void loader.select(selected)
  }, [loader, selected])

  // Company settings changed meanwhile (an administrator on /settings) take effect at once, e.g. the cash book view.
  const [changedSettings, setChangedSettings] = useState<CompanySettings | null>(null)
  useEffect(() => {
    const service = client.service('company-settings')
    const onPatched = (record: CompanySettings) => setChangedSettings(record)
    service.on('patched', onPatched)
    return () => void service.removeListener('patched', onPatched)
  }, [client])
  useEffect(() => setChangedSettings(null), [state])

  const value = useMemo(
    () => ({
      companies,
      client: companyNo,
      // Without a company there is nothing to load; with one, the loads of exactly this company must be done.
      companyReady: selected === null ? true : state.client === selected && state.companyReady,
      foreign,
      data:
        changedSettings?.company_no === companyNo
          ? { ...(state.data as Record<string, unknown>), companySettings: [changedSettings] }
          : (state.data as Record<string, unknown>),
    }),
    [companies, companyNo, selected, foreign, state, changedSettings],
  )
  return <CompanyContext.Provider value={value}>{children}</CompanyContext.Provider>
}
