import { lazy, Suspense } from 'react'
import { BrowserRouter, Outlet, Route, Routes } from 'react-router-dom'
import { I18nextProvider } from 'react-i18next'
import type { i18n } from 'i18next'
import { ROUTES, parseClientParams } from '@portal/sdk/state'
import { RouteFrame } from './components/RouteFrame/RouteFrame'
import { Shell } from './components/Shell/Shell'
import { useRouteMatch } from './hooks/useRouteMatch'
import { CompanyProvider } from './providers/CompanyProvider'
import { PortalThemeProvider } from './providers/PortalThemeProvider'
import { SessionGate } from './providers/SessionGate'
import { SnackbarProvider } from './providers/SnackbarProvider'

const LogoutScene = lazy(() => import('./scenes/Logout/Logout').then((module) => ({ default: module.LogoutScene })))

// The company of the current route feeds the company state; it sits above the shell so the picker sees it.
function SignedIn() {
  const { params } = useRouteMatch()
  return (
    <SessionGate>
      <CompanyProvider client={parseClientParams(params).client}>
        <Shell />
      </CompanyProvider>
    </SessionGate>
  )
}

function Root() {
  return (
    <SnackbarProvider>
      <Outlet />
    </SnackbarProvider>
  )
}

// The signed-in routes of SPEC §2, each behind its guard.
const SIGNED_IN_ROUTES = ROUTES.filter((route) => route.access !== 'public')

/**
 * The routes: /logout without sign-in, every other route of SPEC §2 inside the signed-in shell. A declarative router
 * (the portal loads no data through the router), which keeps the first load's JavaScript small.
 */
export function PortalRoutes() {
  return (
    <Routes>
      <Route element={<Root />}>
        <Route
          path="/logout"
          element={
            <Suspense fallback={null}>
              <LogoutScene />
            </Suspense>
          }
        />
        <Route element={<SignedIn />}>
          {SIGNED_IN_ROUTES.map((route) => (
            <Route key={route.name} path={route.path} element={<RouteFrame def={route} />} />
          ))}
        </Route>
      </Route>
    </Routes>
  )
}

/** The portal: i18n, theme, snackbar, router. */
export function App({ i18n }: { i18n: i18n }) {
  return (
    <I18nextProvider i18n={i18n}>
      <PortalThemeProvider>
        <BrowserRouter>
          <PortalRoutes />
        </BrowserRouter>
      </PortalThemeProvider>
    </I18nextProvider>
  )
}
