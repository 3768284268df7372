import type { Application } from '../declarations'
import { configureAccBooksService } from './acc-books/acc-books'
import { configureAccCostService } from './acc-cost/acc-cost'
import { configureAccExpAccService } from './acc-exp-acc/acc-exp-acc'
import { configureAccPeriodsService } from './acc-periods/acc-periods'
import { configureAccSuppliersService } from './acc-suppliers/acc-suppliers'
import { configureAccountingClientService } from './accounting-client/accounting-client'
import { configureAggregatorService } from './aggregator/aggregator'
import { configureCompanySettingsService } from './company-settings/company-settings'
import { configureConfigService } from './config/config'
import { configureDocumentCategoryService } from './document-category/document-category'
import { configureEditorDocumentService } from './editor-document/editor-document'
import { configureUsersService } from './users/users'
import { configureVersionService } from './version/version'
import { configureDocumentsService } from './documents/documents'
import { configureDocumentLabelsService } from './document-labels/document-labels'
import { configureDocumentSearchService } from './document-search/document-search'
import { configureDocumentFieldsService } from './document-fields/document-fields'

/** Registers every service of the portal. Each service lives in its own folder (see STYLE.md). */
export async function configureServices(app: Application): Promise<void> {
  configureConfigService(app)
  configureVersionService(app)
  configureAccountingClientService(app)
  configureDocumentCategoryService(app)
  configureCompanySettingsService(app)
  configureAccPeriodsService(app)
  configureAccCostService(app)
  configureAccBooksService(app)
  configureAccExpAccService(app)
  configureAccSuppliersService(app)
  configureAggregatorService(app)
  configureEditorDocumentService(app)
  configureUsersService(app)
  configureDocumentsService(app)
  configureDocumentLabelsService(app)
  configureDocumentSearchService(app)
  configureDocumentFieldsService(app)
}
