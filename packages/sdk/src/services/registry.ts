import { accBooksDescriptor } from './acc-books'
import { accCostDescriptor } from './acc-cost'
import { accExpAccDescriptor } from './acc-exp-acc'
import { accPeriodsDescriptor } from './acc-periods'
import { accSuppliersDescriptor } from './acc-suppliers'
import { taxCodesDescriptor } from './tax-codes'
import { accountingClientDescriptor } from './accounting-client'
import { aggregatorDescriptor } from './aggregator'
import { authenticationDescriptor } from './authentication'
import { companySettingsDescriptor } from './company-settings'
import { configDescriptor } from './config'
import { documentCategoryDescriptor } from './document-category'
import { documentFieldsDescriptor } from './document-fields'
import { documentLabelsDescriptor } from './document-labels'
import { documentSearchDescriptor } from './document-search'
import { documentsDescriptor } from './documents'
import { editorDocumentDescriptor } from './editor-document'
import { documentEditorDescriptor } from './document-editor'
import { invoiceCountsDescriptor } from './invoice-counts'
import { documentConfirmationsDescriptor } from './document-confirmations'
import { documentBookingsDescriptor } from './document-bookings'
import { documentTrashDescriptor } from './document-trash'
import { documentHistoryDescriptor } from './document-history'
import { documentPresenceDescriptor } from './document-presence'
import { usersDescriptor } from './users'
import { userBulkDescriptor } from './user-bulk'
import { userCredentialsDescriptor } from './user-credentials'
import { auditLogDescriptor } from './audit-log'
import { responsibilityDescriptor, responsibilityStaffDescriptor } from './responsibility'
import { scannerRegistrationsDescriptor, scannersDescriptor, scannerTokensDescriptor } from './scanners'
import { intakeLogDescriptor, intakeSettingsDescriptor } from './mail-intake'
import { versionDescriptor } from './version'
import { fonItemsDescriptor } from './fon-items'
import { fonImportsDescriptor } from './fon-imports'
import { firmDescriptor } from './firm'
import { addressesDescriptor } from './addresses'
import { svAccountsDescriptor } from './sv-accounts'
import { svImportsDescriptor } from './sv-imports'
import { fonQuotaDescriptor, fonSettingsDescriptor } from './fon-quota'
import { erpExportsDescriptor } from './erp-exports'
import { erpImportResultsDescriptor } from './erp-import-results'
import { erpSettingsDescriptor } from './erp-settings'

import { kerExportsDescriptor, kerReportDescriptor } from './ker-report'
import { kerMappingsDescriptor } from './ker-mappings'
import { paymentCodesDescriptor } from './payment-codes'
import { paymentsDescriptor } from './payments'
import { unpaidItemsDescriptor } from './unpaid-items'
import { approvalDelegationsDescriptor, approvalPoliciesDescriptor } from './approval-policies'
import { documentApprovalsDescriptor } from './document-approvals'
import { paymentProposalsDescriptor, paymentRunsDescriptor } from './payment-runs'
import { accountSecurityDescriptor, accountSessionsDescriptor, secondFactorPolicyDescriptor } from './account-security'
import { bankTermsDescriptor } from './bank-terms'
import { bankAccessesDescriptor } from './bank-accesses'
import { bankApprovalsDescriptor } from './bank-approvals'
import { bankStatementsDescriptor } from './bank-statements'
import { bankTransactionsDescriptor } from './bank-transactions'
import { bankMatchesDescriptor } from './bank-matches'
import { documentRequestMessagesDescriptor, documentRequestsDescriptor } from './document-requests'
import { documentCommentsDescriptor } from './document-comments'
import { companyOverviewDescriptor } from './company-overview'
import { monthChecksDescriptor } from './month-checks'
/**
 * Every service of the portal, one descriptor each. The client registrations, the ability table, the typed
 * ServiceTypes of client and server, the server's validation and its event channels are all derived from this
 * list, so a new service is one descriptor here (plus its class and registration in the server). It lives beside
 * index.ts rather than in it because abilities.ts derives its table from it and index.ts re-exports abilities.ts.
 */
export const serviceDescriptors = [
  authenticationDescriptor,
  configDescriptor,
  versionDescriptor,
  accountingClientDescriptor,
  documentCategoryDescriptor,
  companySettingsDescriptor,
  accPeriodsDescriptor,
  accCostDescriptor,
  accBooksDescriptor,
  accExpAccDescriptor,
  accSuppliersDescriptor,
  taxCodesDescriptor,
  aggregatorDescriptor,
  editorDocumentDescriptor,
  documentEditorDescriptor,
  documentsDescriptor,
  documentLabelsDescriptor,
  documentSearchDescriptor,
  documentFieldsDescriptor,
  invoiceCountsDescriptor,
  documentConfirmationsDescriptor,
  documentBookingsDescriptor,
  documentTrashDescriptor,
  documentHistoryDescriptor,
  documentPresenceDescriptor,
  usersDescriptor,
  erpExportsDescriptor,
  erpImportResultsDescriptor,
  erpSettingsDescriptor,
  userBulkDescriptor,
  userCredentialsDescriptor,
  auditLogDescriptor,
  responsibilityDescriptor,
  responsibilityStaffDescriptor,
  scannersDescriptor,
  scannerRegistrationsDescriptor,
  scannerTokensDescriptor,
  intakeSettingsDescriptor,
  intakeLogDescriptor,
  fonItemsDescriptor,
  fonImportsDescriptor,
  fonQuotaDescriptor,
  fonSettingsDescriptor,
  unpaidItemsDescriptor,
  paymentsDescriptor,
  paymentCodesDescriptor,
  approvalPoliciesDescriptor,
  approvalDelegationsDescriptor,
  documentApprovalsDescriptor,
  paymentRunsDescriptor,
  paymentProposalsDescriptor,
  kerReportDescriptor,
  kerExportsDescriptor,
  kerMappingsDescriptor,
  firmDescriptor,
  addressesDescriptor,
  svAccountsDescriptor,
  svImportsDescriptor,
  accountSecurityDescriptor,
  accountSessionsDescriptor,
  secondFactorPolicyDescriptor,
  bankTermsDescriptor,
  bankAccessesDescriptor,
  bankApprovalsDescriptor,
  bankStatementsDescriptor,
  bankTransactionsDescriptor,
  bankMatchesDescriptor,
  documentRequestsDescriptor,
  documentRequestMessagesDescriptor,
  documentCommentsDescriptor,
  companyOverviewDescriptor,
  monthChecksDescriptor,
] as const

/** One descriptor of the list. */
export type PortalServiceDescriptor = (typeof serviceDescriptors)[number]
