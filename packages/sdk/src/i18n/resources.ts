/*
 * All i18n catalogues, per namespace and language.
 *
 * To add a namespace `x` (e.g. idp, shell, cli, documents):
 *   1. write locales/en/x.ts  (`export const x = { ... } as const`)
 *      and   locales/de/x.ts  (`export const x: Translation<typeof en> = { ... }`, en imported as a type);
 *   2. add ONE line below, in the block of namespace lines (each line imports both languages):
 *        import { x as enX } from './locales/en/x'; import { x as deX } from './locales/de/x'
 *   3. add ONE entry to NAMESPACES:   x: { en: enX, de: deX },
 * The unit test resources.test.ts checks that every namespace has exactly the same keys in en and de.
 */
import { common as enCommon } from './locales/en/common'; import { common as deCommon } from './locales/de/common'
import { domain as enDomain } from './locales/en/domain'; import { domain as deDomain } from './locales/de/domain'
import { errors as enErrors } from './locales/en/errors'; import { errors as deErrors } from './locales/de/errors'
import { validation as enValidation } from './locales/en/validation'; import { validation as deValidation } from './locales/de/validation'
import { idp as enIdp } from './locales/en/idp'; import { idp as deIdp } from './locales/de/idp'
import { cli as enCli } from './locales/en/cli'; import { cli as deCli } from './locales/de/cli'
import { shell as enShell } from './locales/en/shell'; import { shell as deShell } from './locales/de/shell'
import { documents as enDocuments } from './locales/en/documents'; import { documents as deDocuments } from './locales/de/documents'
import { invoices as enInvoices } from './locales/en/invoices'; import { invoices as deInvoices } from './locales/de/invoices'
import { erp as enErp } from './locales/en/erp'; import { erp as deErp } from './locales/de/erp'
import { scanners as enScanners } from './locales/en/scanners'; import { scanners as deScanners } from './locales/de/scanners'
import { accounts as enAccounts } from './locales/en/accounts'; import { accounts as deAccounts } from './locales/de/accounts'
import { booking as enBooking } from './locales/en/booking'; import { booking as deBooking } from './locales/de/booking'
import { users as enUsers } from './locales/en/users'; import { users as deUsers } from './locales/de/users'
import { erpScreen as enErpScreen } from './locales/en/erpScreen'; import { erpScreen as deErpScreen } from './locales/de/erpScreen'
import { fon as enFon } from './locales/en/fon'; import { fon as deFon } from './locales/de/fon'
import { editor as enEditor } from './locales/en/editor'; import { editor as deEditor } from './locales/de/editor'
import { unpaid as enUnpaid } from './locales/en/unpaid'; import { unpaid as deUnpaid } from './locales/de/unpaid'
import { reports as enReports } from './locales/en/reports'; import { reports as deReports } from './locales/de/reports'
import { admin as enAdmin } from './locales/en/admin'; import { admin as deAdmin } from './locales/de/admin'
import { banking as enBanking } from './locales/en/banking'; import { banking as deBanking } from './locales/de/banking'
import { security as enSecurity } from './locales/en/security'; import { security as deSecurity } from './locales/de/security'
import { requests as enRequests } from './locales/en/requests'; import { requests as deRequests } from './locales/de/requests'
import { overview as enOverview } from './locales/en/overview'; import { overview as deOverview } from './locales/de/overview'

/** Every namespace with its English and German catalogue; one line per namespace. */
export const NAMESPACES = {
  common: { en: enCommon, de: deCommon },
  domain: { en: enDomain, de: deDomain },
  errors: { en: enErrors, de: deErrors },
  validation: { en: enValidation, de: deValidation },
  idp: { en: enIdp, de: deIdp },
  cli: { en: enCli, de: deCli },
  shell: { en: enShell, de: deShell },
  documents: { en: enDocuments, de: deDocuments },
  invoices: { en: enInvoices, de: deInvoices },
  erp: { en: enErp, de: deErp },
  scanners: { en: enScanners, de: deScanners },
  accounts: { en: enAccounts, de: deAccounts },
  booking: { en: enBooking, de: deBooking },
  users: { en: enUsers, de: deUsers },
  erpScreen: { en: enErpScreen, de: deErpScreen },
  fon: { en: enFon, de: deFon },
  editor: { en: enEditor, de: deEditor },
  unpaid: { en: enUnpaid, de: deUnpaid },
  reports: { en: enReports, de: deReports },
  admin: { en: enAdmin, de: deAdmin },
  banking: { en: enBanking, de: deBanking },
  security: { en: enSecurity, de: deSecurity },
  requests: { en: enRequests, de: deRequests },
  overview: { en: enOverview, de: deOverview },
} as const

/** A namespace name, e.g. `validation`. */
export type Namespace = keyof typeof NAMESPACES

/** Every namespace name. */
export const NAMESPACE_NAMES = Object.keys(NAMESPACES) as Namespace[]

type ByLanguage<L extends 'en' | 'de'> = { [N in Namespace]: (typeof NAMESPACES)[N][L] }

function pick<L extends 'en' | 'de'>(language: L): ByLanguage<L> {
  return Object.fromEntries(NAMESPACE_NAMES.map((ns) => [ns, NAMESPACES[ns][language]])) as ByLanguage<L>
}

/** i18next `resources`: language -> namespace -> catalogue. */
export const resources = { en: pick('en'), de: pick('de') }
