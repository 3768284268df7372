import { useEffect, useState } from 'react'
import { watchConnection, type ConnectionState } from '@portal/sdk/client'
import { useSession } from './useSession'

/** The portal connection's state (online, calls waiting to be sent), live. */
export function useConnection(): ConnectionState {
  const { client } = useSession()
  const [state, setState] = useState<ConnectionState>({ online: true, waiting: 0 })
  useEffect(() => watchConnection(client.socket, setState), [client])
  return state
}
