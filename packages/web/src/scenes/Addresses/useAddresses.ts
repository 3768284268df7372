import { useEffect, useState } from 'react'
import type { Address, Page } from '@portal/sdk/services'
import { useSession } from '../../hooks/useSession'

/** The register's entries matching a search, fetched again as entries are created or changed (by anyone). */
export function useAddresses(search: string, onError: (error: unknown) => void): Page<Address> | null {
  const { client } = useSession()
  const [page, setPage] = useState<Page<Address> | null>(null)
  const [version, setVersion] = useState(0)
  useEffect(() => {
    const service = client.service('addresses')
    const bump = () => setVersion((value) => value + 1)
    service.on('created', bump)
    service.on('patched', bump)
    return () => {
      service.removeListener('created', bump)
      service.removeListener('patched', bump)
    }
  }, [client])
  useEffect(() => {
    let current = true
    // A short pause, so typing a name asks once, not once per letter.
    const timer = setTimeout(() => {
      client
        .service('addresses')
        .find({ query: { search: search.trim() || undefined, $limit: 500 } })
        .then((answer) => current && setPage(answer), onError)
    }, 200)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [client, search, version, onError])
  return page
}
