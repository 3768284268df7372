import { createElement, use, type ComponentType } from 'react'
import type { RouteName } from '@portal/sdk/state'

/** A screen loaded with its route; `preload` fetches its code before it renders (e.g. while the company loads). */
export type Scene = ComponentType & { preload(): Promise<unknown> }

// One chunk per screen so the first load carries only the shell (bench/web.bench.ts: initial JS at most 200 kB gzip).
// Not React.lazy: a lazy component suspends on its first render even when its code has already arrived, and React 19
// then holds back the screen for 300 ms after the fallback (its Suspense throttle) — most of a signed-in load. This one
// renders at once when `preload` has finished (RouteFrame starts it while the company's data loads), and only
// suspends while the code is really on its way.
const scene = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Scene => {
  let loaded: ComponentType | undefined
  let loading: Promise<ComponentType> | undefined
  const preload = () => (loading ??= load().then((module) => (loaded = module[name])))
  function LazyScene() {
    return createElement(loaded ?? use(preload()))
  }
  LazyScene.displayName = name
  return Object.assign(LazyScene, { preload })
}

/** The lazily loaded screen of every route (logout is handled before sign-in, see App). */
export const SCENES: Partial<Record<RouteName, Scene>> = {
  root: scene(() => import('./Home/Home'), 'HomeScene'),
  overview: scene(() => import('./Overview/Overview'), 'OverviewScene'),
  responsibility: scene(() => import('./Responsibility/Responsibility'), 'ResponsibilityScene'),
  documents: scene(() => import('./Documents/Documents'), 'DocumentsScene'),
  capture: scene(() => import('./Capture/Capture'), 'CaptureScene'),
  reports: scene(() => import('./Reports/Reports'), 'ReportsScene'),
  'document-editor': scene(() => import('./DocumentEditor/DocumentEditor'), 'DocumentEditorScene'),
  'document-editor-document': scene(() => import('./DocumentEditor/DocumentEditor'), 'DocumentEditorScene'),
  invoices: scene(() => import('./Invoices/Invoices'), 'InvoicesScene'),
  accounts: scene(() => import('./Accounts/Accounts'), 'AccountsScene'),
  'erp-export': scene(() => import('./ErpExport/ErpExport'), 'ErpExportScene'),
  'month-check': scene(() => import('./MonthCheck/MonthCheck'), 'MonthCheckScene'),
  'unpaid-items': scene(() => import('./UnpaidItems/UnpaidItems'), 'UnpaidItemsScene'),
  banking: scene(() => import('./Banking/Banking'), 'BankingScene'),
  requests: scene(() => import('./Requests/Requests'), 'RequestsScene'),
  settings: scene(() => import('./CompanySettings/CompanySettings'), 'CompanySettingsScene'),
  addresses: scene(() => import('./Addresses/Addresses'), 'AddressesScene'),
  'adm-banking-overview': scene(() => import('./AdmBankingOverview/AdmBankingOverview'), 'AdmBankingOverviewScene'),
  error: scene(() => import('./ErrorPage/ErrorPage'), 'ErrorPageScene'),
  'fon-monitoring': scene(() => import('./FonMonitoring/FonMonitoring'), 'FonMonitoringScene'),
  'user-admin': scene(() => import('./UserAdmin/UserAdmin'), 'UserAdminScene'),
  'scanner-admin': scene(() => import('./ScannerAdmin/ScannerAdmin'), 'ScannerAdminScene'),
  'sv-tool': scene(() => import('./SvTool/SvTool'), 'SvToolScene'),
  'single-document': scene(() => import('./SingleDocument/SingleDocument'), 'SingleDocumentScene'),
  'app-info': scene(() => import('./AppInfo/AppInfo'), 'AppInfoScene'),
  'account-preferences': scene(() => import('./AccountPreferences/AccountPreferences'), 'AccountPreferencesScene'),
  'not-found': scene(() => import('./NotFound/NotFound'), 'NotFoundScene'),
}
