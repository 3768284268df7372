import { useContext } from 'react'
import { ThemeContext, type ThemeState } from '../providers/contexts'

/** The theme state of the nearest provider; throws when used outside it (a wiring bug). */
export function useTheme(): ThemeState {
  const value = useContext(ThemeContext)
  if (!value) throw new Error('useTheme must be used inside its provider')
  return value
}
