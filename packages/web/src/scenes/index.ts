import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { RouteName } from '@portal/sdk/state'

/** A screen loaded with its route; `preload` fetches its code before it renders (e.g. while the company loads). */
export type Scene = LazyExoticComponent<ComponentType> & { preload(): Promise<unknown> }

// One chunk per screen so the first load carries only the shell (bench/web.bench.ts: initial JS at most 200 kB gzip).
const scene = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Scene => {
  let loading: Promise<{ default: ComponentType }> | undefined
  const get = () => (loading ??= load().then((module) => ({ default: module[name] })))
  return Object.assign(lazy(get), { preload: get })
}

/** The lazily loaded screen of every route (logout is handled before sign-in, see App). */
export const SCENES: Partial<Record<RouteName, Scene>> = {
  root: scene(() => import('./Home/Home'), 'HomeScene'),
  overview: scene(() => import('./Overview/Overview'), 'OverviewScene'),
  responsibility: scene(() => import('./Responsibility/Responsibility'), 'ResponsibilityScene'),
  documents: scene(() => import('./Documents/Documents'), 'DocumentsScene'),
  reports: scene(() => import('./Reports/Reports'), 'ReportsScene'),
  'document-editor': scene(() => import('./DocumentEditor/DocumentEditor'), 'DocumentEditorScene'),
  'document-editor-document': scene(() => import('./DocumentEditor/DocumentEditor'), 'DocumentEditorScene'),
  invoices: scene(() => import('./Invoices/Invoices'), 'InvoicesScene'),
  accounts: scene(() => import('./Accounts/Accounts'), 'AccountsScene'),
  'erp-export': scene(() => import('./ErpExport/ErpExport'), 'ErpExportScene'),
  'month-check': scene(() => import('./MonthCheck/MonthCheck'), 'MonthCheckScene'),
  'unpaid-items': scene(() => import('./UnpaidItems/UnpaidItems'), 'UnpaidItemsScene'),
  banking: scene(() => import('./Banking/Banking'), 'BankingScene'),
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
