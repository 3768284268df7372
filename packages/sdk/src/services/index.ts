import { accBooksMethods, accBooksPath, type AccBooksClientService } from './acc-books'
import { accCostMethods, accCostPath, type AccCostClientService } from './acc-cost'
import { accExpAccMethods, accExpAccPath, type AccExpAccClientService } from './acc-exp-acc'
import { accPeriodsMethods, accPeriodsPath, type AccPeriodsClientService } from './acc-periods'
import { accSuppliersMethods, accSuppliersPath, type AccSuppliersClientService } from './acc-suppliers'
import { accountingClientMethods, accountingClientPath, type AccountingClientClientService } from './accounting-client'
import { aggregatorMethods, aggregatorPath, type AggregatorClientService } from './aggregator'
import { authenticationMethods, authenticationPath } from './authentication'
import { companySettingsMethods, companySettingsPath, type CompanySettingsClientService } from './company-settings'
import { configMethods, configPath, type ConfigClientService } from './config'
import { documentCategoryMethods, documentCategoryPath, type DocumentCategoryClientService } from './document-category'
import { editorDocumentMethods, editorDocumentPath, type EditorDocumentClientService } from './editor-document'
import { documentsMethods, documentsPath, type DocumentsClientService } from './documents'
import { documentLabelsMethods, documentLabelsPath, type DocumentLabelsClientService } from './document-labels'
import { documentSearchMethods, documentSearchPath, type DocumentSearchClientService } from './document-search'
import { documentFieldsMethods, documentFieldsPath, type DocumentFieldsClientService } from './document-fields'
import { usersMethods, usersPath, type UsersClientService } from './users'
import { versionMethods, versionPath, type VersionClientService } from './version'

export * from './common'
export * from './documents-common'
export * from './abilities'
export * from './authentication'
export * from './config'
export * from './version'
export * from './accounting-client'
export * from './document-category'
export * from './company-settings'
export * from './acc-periods'
export * from './acc-cost'
export * from './acc-books'
export * from './acc-exp-acc'
export * from './acc-suppliers'
export * from './aggregator'
export * from './editor-document'
export * from './documents'
export * from './document-labels'
export * from './document-search'
export * from './document-fields'
export * from './users'

/** Typed client view of every portal service, by path (authentication is handled by the auth client). */
export interface ServiceTypes {
  [configPath]: ConfigClientService
  [versionPath]: VersionClientService
  [accountingClientPath]: AccountingClientClientService
  [documentCategoryPath]: DocumentCategoryClientService
  [companySettingsPath]: CompanySettingsClientService
  [accPeriodsPath]: AccPeriodsClientService
  [accCostPath]: AccCostClientService
  [accBooksPath]: AccBooksClientService
  [accExpAccPath]: AccExpAccClientService
  [accSuppliersPath]: AccSuppliersClientService
  [aggregatorPath]: AggregatorClientService
  [editorDocumentPath]: EditorDocumentClientService
  [documentsPath]: DocumentsClientService
  [documentLabelsPath]: DocumentLabelsClientService
  [documentSearchPath]: DocumentSearchClientService
  [documentFieldsPath]: DocumentFieldsClientService
  [usersPath]: UsersClientService
}

/** Path and methods of every service, for registering them on a Feathers client. */
export const serviceRegistrations: readonly { path: string; methods: readonly string[] }[] = [
  { path: authenticationPath, methods: authenticationMethods },
  { path: configPath, methods: configMethods },
  { path: versionPath, methods: versionMethods },
  { path: accountingClientPath, methods: accountingClientMethods },
  { path: documentCategoryPath, methods: documentCategoryMethods },
  { path: companySettingsPath, methods: companySettingsMethods },
  { path: accPeriodsPath, methods: accPeriodsMethods },
  { path: accCostPath, methods: accCostMethods },
  { path: accBooksPath, methods: accBooksMethods },
  { path: accExpAccPath, methods: accExpAccMethods },
  { path: accSuppliersPath, methods: accSuppliersMethods },
  { path: aggregatorPath, methods: aggregatorMethods },
  { path: editorDocumentPath, methods: editorDocumentMethods },
  { path: documentsPath, methods: documentsMethods },
  { path: documentLabelsPath, methods: documentLabelsMethods },
  { path: documentSearchPath, methods: documentSearchMethods },
  { path: documentFieldsPath, methods: documentFieldsMethods },
  { path: usersPath, methods: usersMethods },
]
