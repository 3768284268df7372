import type { Knex } from 'knex'
import * as core from './001-core'
import * as identity from './002-identity'
import * as documents from './003-documents'
import * as jobs from './004-jobs'
import * as extraction from './005-extraction'
import * as supplierMemory from './006-supplier-memory'
import * as fulltext from './007-fulltext-en-de'
import * as revokedTokens from './008-revoked-tokens'
import * as review from './009-review'
import * as reviewViewIndex from './010-review-view-index'
import * as bookings from './011-bookings'
import * as accountDefaults from './012-account-defaults'
import * as erpExport from './013-erp-export'
import * as userAdmin from './014-user-admin'
import * as scanners from './015-scanners'
import * as documentEditor from './016-document-editor'
import * as fon from './017-fon'
import * as payments from './018-payments'
import * as accountSecurity from './019-account-security'
import * as firmAddressesSv from './020-firm-addresses-sv'
import * as banking from './021-banking'
import * as bankPsd2 from './022-bank-psd2'
import * as skontoPercent from './023-skonto-percent'
import * as stepUp from './024-step-up'
import * as accountingRules from './026-accounting-rules'
import * as bankExactAmounts from './028-bank-exact-amounts'
import * as einvoiceValidation from './029-einvoice-validation'
import * as documentRequests from './030-document-requests'
import * as operationsScale from './032-operations-scale'
import * as requestsComments from './033-requests-comments'
import * as monthReleases from './034-month-releases'
import * as approvalsPaymentRuns from './035-approvals-payment-runs'
import * as clientNote from './036-client-note'
import * as listFilters from './037-list-filters'
import * as creditNoteSetOff from './038-credit-note-set-off'

/** A named migration; the list order is the order they run in. */
export interface Migration {
  name: string
  up(knex: Knex): Promise<void>
  down(knex: Knex): Promise<void>
}

/** Every migration, oldest first. Append new ones; never edit one that has shipped. */
export const migrations: Migration[] = [
  { name: '001-core', ...core },
  { name: '002-identity', ...identity },
  { name: '003-documents', ...documents },
  { name: '004-jobs', ...jobs },
  { name: '005-extraction', ...extraction },
  { name: '006-supplier-memory', ...supplierMemory },
  { name: '007-fulltext-en-de', ...fulltext },
  { name: '008-revoked-tokens', ...revokedTokens },
  { name: '009-review', ...review },
  { name: '010-review-view-index', ...reviewViewIndex },
  { name: '011-bookings', ...bookings },
  { name: '012-account-defaults', ...accountDefaults },
  { name: '013-erp-export', ...erpExport },
  { name: '014-user-admin', ...userAdmin },
  { name: '015-scanners', ...scanners },
  { name: '016-document-editor', ...documentEditor },
  { name: '017-fon', ...fon },
  { name: '018-payments', ...payments },
  { name: '019-account-security', ...accountSecurity },
  { name: '020-firm-addresses-sv', ...firmAddressesSv },
  { name: '021-banking', ...banking },
  { name: '022-bank-psd2', ...bankPsd2 },
  { name: '023-skonto-percent', ...skontoPercent },
  { name: '024-step-up', ...stepUp },
  { name: '026-accounting-rules', ...accountingRules },
  { name: '028-bank-exact-amounts', ...bankExactAmounts },
  { name: '029-einvoice-validation', ...einvoiceValidation },
  { name: '030-document-requests', ...documentRequests },
  { name: '032-operations-scale', ...operationsScale },
  { name: '033-requests-comments', ...requestsComments },
  { name: '034-month-releases', ...monthReleases },
  { name: '035-approvals-payment-runs', ...approvalsPaymentRuns },
  { name: '036-client-note', ...clientNote },
  { name: '037-list-filters', ...listFilters },
  { name: '038-credit-note-set-off', ...creditNoteSetOff },
]
