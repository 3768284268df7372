import { useContext } from 'react'
import { SessionContext, type SessionState } from '../providers/contexts'

/** The session state of the nearest provider; throws when used outside it (a wiring bug). */
export function useSession(): SessionState {
  const value = useContext(SessionContext)
  if (!value) throw new Error('useSession must be used inside its provider')
  return value
}
