import { useCallback, useMemo, useState, type ReactNode } from 'react'
import { BaseStyles } from '@primer/react'
import { ThemeProvider } from '@primer/react/next'
import { applyDarkMode, initialDarkMode } from '../lib/theme'
import { ThemeContext } from './contexts'

/** Primer theme with the portal's dark/light choice (stored as `dark-mode` 0/1, default: system preference). */
export function PortalThemeProvider({ children }: { children: ReactNode }) {
  const [dark, setDark] = useState(() => {
    const initial = initialDarkMode()
    applyDarkMode(initial, false)
    return initial
  })
  const toggle = useCallback(() => {
    setDark((current) => {
      applyDarkMode(!current, true)
      return !current
    })
  }, [])
  const value = useMemo(() => ({ dark, toggle }), [dark, toggle])
  return (
    <ThemeContext.Provider value={value}>
      <ThemeProvider colorMode={dark ? 'night' : 'day'} dayScheme="light" nightScheme="dark">
        <BaseStyles>{children}</BaseStyles>
      </ThemeProvider>
    </ThemeContext.Provider>
  )
}
