import { useEffect, useState } from 'react'
import type { Page, SvAccount, SvImport } from '@portal/sdk/services'
import { useSession } from '../../hooks/useSession'

/** The accounts (or the attention list) matching a search, fetched again after each finished import. */
export function useSvAccounts(query: { search: string; attention: boolean }, onError: (error: unknown) => void): Page<SvAccount> | null {
  const { client } = useSession()
  const [page, setPage] = useState<Page<SvAccount> | null>(null)
  const [version, setVersion] = useState(0)
  useEffect(() => {
    const service = client.service('sv-imports')
    const onPatched = (entry: SvImport) => entry.state === 'done' && setVersion((value) => value + 1)
    service.on('patched', onPatched)
    return () => void service.removeListener('patched', onPatched)
  }, [client])
  useEffect(() => {
    let current = true
    const timer = setTimeout(() => {
      client
        .service('sv-accounts')
        .find({ query: { search: query.search.trim() || undefined, attention: query.attention || undefined, $limit: 500 } })
        .then((answer) => current && setPage(answer), onError)
    }, 200)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [client, query.search, query.attention, version, onError])
  return page
}
