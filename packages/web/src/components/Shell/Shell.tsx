import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Outlet, useLocation, useNavigate } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { buildMenu, parseClientParams, withClient } from '@portal/sdk/state'
import { useBadgeCounts } from '../../hooks/useBadgeCounts'
import { useCompany } from '../../hooks/useCompany'
import { usePageTitle } from '../../hooks/usePageTitle'
import { useRouteMatch } from '../../hooks/useRouteMatch'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { useTheme } from '../../hooks/useTheme'
import { useVersionCheck } from '../../hooks/useVersionCheck'
import { CompanyPicker } from '../CompanyPicker/CompanyPicker'
import { ErrorBoundary } from '../ErrorBoundary/ErrorBoundary'
import railStyles from '../NavRail/NavRail.module.css'
import { TopBar } from '../TopBar/TopBar'
import { ConnectionStatus } from '../ConnectionStatus/ConnectionStatus'
import { ErrorPageScene } from '../../scenes/ErrorPage/ErrorPage'
import styles from './Shell.module.css'

// The drawer (with Primer's NavList) is its own chunk: the first load carries only what the shell shows.
const loadDrawer = () => import('../NavDrawer/NavDrawer')
const NavDrawer = lazy(() => loadDrawer().then((module) => ({ default: module.NavDrawer })))
// The rail's icons are a chunk of their own too, fetched beside the screen; until they arrive the rail keeps its place.
const NavRail = lazy(() => import('../NavRail/NavRail').then((module) => ({ default: module.NavRail })))

/** The signed-in frame: rail, top bar with picker, drawer, the routed screen, the page title and version check. */
export function Shell() {
  const { t } = useTranslation('shell')
  const { user, config, language, setLanguage } = useSession()
  const { companies, client } = useCompany()
  const { dark, toggle } = useTheme()
  const { notifyError } = useSnackbar()
  const { route, params } = useRouteMatch()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  // Where the drawer was opened (the address bar's path then), or null while it is closed.
  const [drawerOpenedAt, setDrawerOpenedAt] = useState<string | null>(null)
  const drawerOpen = drawerOpenedAt !== null
  const menuButtonRef = useRef<HTMLButtonElement>(null)

  // A route change closes the drawer (SPEC §2): a change to another path than the one in the address bar when it was
  // opened. A navigation begun before (the landing's redirect, whose screen was still loading) shows its path in the
  // address bar at once but renders later; that late render must not swallow the click that opened the drawer.
  useEffect(() => setDrawerOpenedAt((openedAt) => (openedAt !== null && openedAt !== pathname ? null : openedAt)), [pathname])
  usePageTitle(route, params)
  useVersionCheck()
  // Fetch the drawer's chunk once the shell is up, so opening it needs no network.
  useEffect(() => void loadDrawer(), [])

  const menuClient = client || user.favClient || 0
  const counts = useBadgeCounts(menuClient)
  const entries = useMemo(
    () =>
      buildMenu({
        permissions: user.permissions_array,
        client: menuClient,
        email: user.email,
        docUrl: config.docUrl,
        provider: config.brandShort,
      }),
    [user, menuClient, config],
  )
  const selectCompany = useCallback(
    (companyNo: number) => navigate(withClient(route.path, params, companyNo)),
    [navigate, route.path, params],
  )
  const closeDrawer = useCallback(() => setDrawerOpenedAt(null), [])

  return (
    <div className={styles.layout}>
      <a href="#main" className="skip-link">
        {t('topBar.skipToContent')}
      </a>
      <Suspense fallback={<div className={railStyles.rail} />}>
        <NavRail entries={entries} counts={counts} />
      </Suspense>
      <div className={styles.column}>
        <TopBar
          brand={config.brandShort || t('brandFallback')}
          picker={
            route.showCompanies ? (
              <CompanyPicker companies={companies} value={parseClientParams(params).client} onSelect={selectCompany} />
            ) : undefined
          }
          status={<ConnectionStatus />}
          language={language}
          onLanguage={(next) => void setLanguage(next)}
          dark={dark}
          onToggleDark={toggle}
          onOpenMenu={() => setDrawerOpenedAt(window.location.pathname)}
          menuButtonRef={menuButtonRef}
        />
        <main id="main" className={styles.main} tabIndex={-1}>
          <ErrorBoundary onError={notifyError} fallback={<ErrorPageScene />} resetKey={pathname}>
            <Outlet />
          </ErrorBoundary>
        </main>
      </div>
      {drawerOpen ? (
        <Suspense fallback={null}>
          <NavDrawer
            open={drawerOpen}
            onClose={closeDrawer}
            brand={config.brandName || config.brandShort || t('brandFallback')}
            entries={entries}
            counts={counts}
            onLogout={() => navigate('/logout')}
          />
        </Suspense>
      ) : null}
    </div>
  )
}
