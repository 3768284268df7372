import type { ServiceTypes as ServiceContracts } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { configureAccBooksService } from './acc-books/acc-books'
import { configureAccCostService } from './acc-cost/acc-cost'
import { configureAccExpAccService } from './acc-exp-acc/acc-exp-acc'
import { configureAccPeriodsService } from './acc-periods/acc-periods'
import { configureAccSuppliersService } from './acc-suppliers/acc-suppliers'
import { configureTaxCodesService } from './tax-codes/tax-codes'
import { configureAccountingClientService } from './accounting-client/accounting-client'
import { configureAggregatorService } from './aggregator/aggregator'
import { configureCompanySettingsService } from './company-settings/company-settings'
import { configureConfigService } from './config/config'
import { configureDocumentCategoryService } from './document-category/document-category'
import { configureEditorDocumentService } from './editor-document/editor-document'
import { configureDocumentEditorService } from './document-editor/document-editor'
import { configureUsersService } from './users/users'
import { configureVersionService } from './version/version'
import { configureDocumentsService } from './documents/documents'
import { configureDocumentLabelsService } from './document-labels/document-labels'
import { configureDocumentSearchService } from './document-search/document-search'
import { configureDocumentFieldsService } from './document-fields/document-fields'
import { configureInvoiceCountsService } from './invoice-counts/invoice-counts'
import { configureDocumentConfirmationsService } from './document-confirmations/document-confirmations'
import { configureDocumentBookingsService } from './document-bookings/document-bookings'
import { configureDocumentTrashService } from './document-trash/document-trash'
import { configureDocumentHistoryService } from './document-history/document-history'
import { configureDocumentPresenceService } from './document-presence/document-presence'
import { configureErpExportsService } from './erp-exports/erp-exports'
import { configureErpImportResultsService } from './erp-import-results/erp-import-results'
import { configureErpSettingsService } from './erp-settings/erp-settings'
import { configureScannersService } from './scanners/scanners'
import { configureScannerRegistrationsService } from './scanner-registrations/scanner-registrations'
import { configureScannerTokensService } from './scanner-tokens/scanner-tokens'
import { configureIntakeSettingsService } from './intake-settings/intake-settings'
import { configureIntakeLogService } from './intake-log/intake-log'
import { configureUserBulkService } from './user-bulk/user-bulk'
import { configureUserCredentialsService } from './user-credentials/user-credentials'
import { configureAuditLogService } from './audit-log/audit-log'
import { configureResponsibilityService } from './responsibility/responsibility'
import { configureResponsibilityStaffService } from './responsibility-staff/responsibility-staff'
import { configureFonItemsService } from './fon-items/fon-items'
import { configureFonImportsService } from './fon-imports/fon-imports'
import { configureFonQuotaService } from './fon-quota/fon-quota'
import { configureFonSettingsService } from './fon-settings/fon-settings'
import { configureUnpaidItemsService } from './unpaid-items/unpaid-items'
import { configurePaymentsService } from './payments/payments'
import { configurePaymentCodesService } from './payment-codes/payment-codes'
import { configureApprovalPoliciesService } from './approval-policies/approval-policies'
import { configureApprovalDelegationsService } from './approval-delegations/approval-delegations'
import { configureDocumentApprovalsService } from './document-approvals/document-approvals'
import { configurePaymentRunsService } from './payment-runs/payment-runs'
import { configurePaymentProposalsService } from './payment-proposals/payment-proposals'
import { configureKerReportService } from './ker-report/ker-report'
import { configureKerExportsService } from './ker-exports/ker-exports'
import { configureKerMappingsService } from './ker-mappings/ker-mappings'
import { configureFirmService } from './firm/firm'
import { configureAddressesService } from './addresses/addresses'
import { configureSvAccountsService } from './sv-accounts/sv-accounts'
import { configureSvImportsService } from './sv-imports/sv-imports'
import { configureAccountSecurityService } from './account-security/account-security'
import { configureAccountSessionsService } from './account-sessions/account-sessions'
import { configureSecondFactorPolicyService } from './second-factor-policy/second-factor-policy'
import { configureBankTermsService } from './bank-terms/bank-terms'
import { configureBankAccessesService } from './bank-accesses/bank-accesses'
import { configureBankApprovalsService } from './bank-approvals/bank-approvals'
import { configureBankStatementsService } from './bank-statements/bank-statements'
import { configureBankTransactionsService } from './bank-transactions/bank-transactions'
import { configureBankMatchesService } from './bank-matches/bank-matches'
import { configureDocumentRequestsService } from './document-requests/document-requests'
import { configureDocumentRequestMessagesService } from './document-request-messages/document-request-messages'
import { configureDocumentCommentsService } from './document-comments/document-comments'
import { configureCompanyOverviewService } from './company-overview/company-overview'
import { relayOverviewEvents } from './company-overview/relay'
import { configureMonthChecksService } from './month-checks/month-checks'

/**
 * The registration of each service the SDK describes, by path: a descriptor without one here fails the build.
 * Each service lives in its own folder (see STYLE.md).
 */
const registrations: { readonly [Path in keyof ServiceContracts]: (app: Application) => void } = {
  config: configureConfigService,
  version: configureVersionService,
  'accounting-client': configureAccountingClientService,
  'document-category': configureDocumentCategoryService,
  'company-settings': configureCompanySettingsService,
  'acc-periods': configureAccPeriodsService,
  'acc-cost': configureAccCostService,
  'acc-books': configureAccBooksService,
  'acc-exp-acc': configureAccExpAccService,
  'acc-suppliers': configureAccSuppliersService,
  'tax-codes': configureTaxCodesService,
  aggregator: configureAggregatorService,
  'editor-document': configureEditorDocumentService,
  'document-editor': configureDocumentEditorService,
  users: configureUsersService,
  documents: configureDocumentsService,
  'document-labels': configureDocumentLabelsService,
  'document-search': configureDocumentSearchService,
  'document-fields': configureDocumentFieldsService,
  'invoice-counts': configureInvoiceCountsService,
  'document-confirmations': configureDocumentConfirmationsService,
  'document-bookings': configureDocumentBookingsService,
  'document-trash': configureDocumentTrashService,
  'document-history': configureDocumentHistoryService,
  'document-presence': configureDocumentPresenceService,
  'erp-exports': configureErpExportsService,
  'erp-import-results': configureErpImportResultsService,
  'erp-settings': configureErpSettingsService,
  scanners: configureScannersService,
  'scanner-registrations': configureScannerRegistrationsService,
  'scanner-tokens': configureScannerTokensService,
  'intake-settings': configureIntakeSettingsService,
  'intake-log': configureIntakeLogService,
  'user-bulk': configureUserBulkService,
  'user-credentials': configureUserCredentialsService,
  'audit-log': configureAuditLogService,
  responsibility: configureResponsibilityService,
  'responsibility-staff': configureResponsibilityStaffService,
  'fon-items': configureFonItemsService,
  'fon-imports': configureFonImportsService,
  'fon-quota': configureFonQuotaService,
  'fon-settings': configureFonSettingsService,
  'unpaid-items': configureUnpaidItemsService,
  payments: configurePaymentsService,
  'payment-codes': configurePaymentCodesService,
  'approval-policies': configureApprovalPoliciesService,
  'approval-delegations': configureApprovalDelegationsService,
  'document-approvals': configureDocumentApprovalsService,
  'payment-runs': configurePaymentRunsService,
  'payment-proposals': configurePaymentProposalsService,
  'ker-report': configureKerReportService,
  'ker-exports': configureKerExportsService,
  'ker-mappings': configureKerMappingsService,
  firm: configureFirmService,
  addresses: configureAddressesService,
  'sv-accounts': configureSvAccountsService,
  'sv-imports': configureSvImportsService,
  'account-security': configureAccountSecurityService,
  'account-sessions': configureAccountSessionsService,
  'second-factor-policy': configureSecondFactorPolicyService,
  'bank-terms': configureBankTermsService,
  'bank-accesses': configureBankAccessesService,
  'bank-approvals': configureBankApprovalsService,
  'bank-statements': configureBankStatementsService,
  'bank-transactions': configureBankTransactionsService,
  'bank-matches': configureBankMatchesService,
  'document-requests': configureDocumentRequestsService,
  'document-request-messages': configureDocumentRequestMessagesService,
  'document-comments': configureDocumentCommentsService,
  'company-overview': configureCompanyOverviewService,
  'month-checks': configureMonthChecksService,
}

/** Registers every service of the portal. */
export async function configureServices(app: Application): Promise<void> {
  for (const register of Object.values(registrations)) register(app)
  // Once every service exists: the dashboard hears the events of the services behind its counts.
  relayOverviewEvents(app)
}
