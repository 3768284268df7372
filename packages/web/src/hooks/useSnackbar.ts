import { useContext } from 'react'
import { SnackbarContext, type SnackbarApi } from '../providers/contexts'

/** The snackbar state of the nearest provider; throws when used outside it (a wiring bug). */
export function useSnackbar(): SnackbarApi {
  const value = useContext(SnackbarContext)
  if (!value) throw new Error('useSnackbar must be used inside its provider')
  return value
}
