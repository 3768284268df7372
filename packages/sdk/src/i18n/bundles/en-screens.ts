// English catalogues for the web app: the screens' texts, loaded beside the first screen. lazy.ts loads this file as a chunk of its own.
// Every namespace of resources.ts but cli is in exactly one group (lazy.test.ts checks it).
import { idp } from '../locales/en/idp'
import { domain } from '../locales/en/domain'
import { validation } from '../locales/en/validation'
import { documents } from '../locales/en/documents'
import { invoices } from '../locales/en/invoices'
import { erp } from '../locales/en/erp'
import { scanners } from '../locales/en/scanners'
import { accounts } from '../locales/en/accounts'
import { booking } from '../locales/en/booking'
import { users } from '../locales/en/users'
import { erpScreen } from '../locales/en/erpScreen'
import { fon } from '../locales/en/fon'
import { editor } from '../locales/en/editor'
import { unpaid } from '../locales/en/unpaid'
import { reports } from '../locales/en/reports'
import { admin } from '../locales/en/admin'
import { banking } from '../locales/en/banking'
import { security } from '../locales/en/security'
import { requests } from '../locales/en/requests'
import { overview } from '../locales/en/overview'

export const catalogues = { idp, domain, validation, documents, invoices, erp, scanners, accounts, booking, users, erpScreen, fon, editor, unpaid, reports, admin, banking, security, requests, overview }
