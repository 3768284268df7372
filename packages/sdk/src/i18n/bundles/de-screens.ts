// German catalogues for the web app: the screens' texts, loaded beside the first screen. lazy.ts loads this file as a chunk of its own.
// Every namespace of resources.ts but cli is in exactly one group (lazy.test.ts checks it).
import { idp } from '../locales/de/idp'
import { domain } from '../locales/de/domain'
import { validation } from '../locales/de/validation'
import { documents } from '../locales/de/documents'
import { invoices } from '../locales/de/invoices'
import { erp } from '../locales/de/erp'
import { scanners } from '../locales/de/scanners'
import { accounts } from '../locales/de/accounts'
import { booking } from '../locales/de/booking'
import { users } from '../locales/de/users'
import { erpScreen } from '../locales/de/erpScreen'
import { fon } from '../locales/de/fon'
import { editor } from '../locales/de/editor'
import { unpaid } from '../locales/de/unpaid'
import { reports } from '../locales/de/reports'
import { admin } from '../locales/de/admin'
import { banking } from '../locales/de/banking'
import { security } from '../locales/de/security'
import { requests } from '../locales/de/requests'
import { overview } from '../locales/de/overview'

export const catalogues = { idp, domain, validation, documents, invoices, erp, scanners, accounts, booking, users, erpScreen, fon, editor, unpaid, reports, admin, banking, security, requests, overview }
