import { lazy, Suspense, useMemo } from 'react'
import { createBrowserRouter, Outlet, RouterProvider } from 'react-router-dom'
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

/** Builds the router: /logout without sign-in, every other route of SPEC §2 inside the signed-in shell. */
export function createPortalRouter() {
  return createBrowserRouter([
    {
      element: <Root />,
      children: [
        {
          path: '/logout',
          element: (
            <Suspense fallback={null}>
              <LogoutScene />
            </Suspense>
          ),
        },
        {
          element: <SignedIn />,
          children: ROUTES.filter((route) => route.access !== 'public').map((route) => ({
            path: route.path,
            element: <RouteFrame def={route} />,
          })),
        },
      ],
    },
  ])
}

/** The portal: i18n, theme, snackbar, router. */
export function App({ i18n }: { i18n: i18n }) {
  const router = useMemo(() => createPortalRouter(), [])
  return (
    <I18nextProvider i18n={i18n}>
      <PortalThemeProvider>
        <RouterProvider router={router} />
      </PortalThemeProvider>
    </I18nextProvider>
  )
}
