import { useContext } from 'react'
import { CompanyContext, type CompanyState } from '../providers/contexts'

/** The company state of the nearest provider; throws when used outside it (a wiring bug). */
export function useCompany(): CompanyState {
  const value = useContext(CompanyContext)
  if (!value) throw new Error('useCompany must be used inside its provider')
  return value
}
