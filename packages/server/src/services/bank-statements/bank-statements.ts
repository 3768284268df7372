import { bankStatementsDescriptor, type BankImportResult, type BankStatementData } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { importText, type ImportFileParams } from '../shared/import-content'
import { importBankStatement } from '../../commands/banking/importBankStatement'
import { registerService } from '../shared/register'

/** Statement imports of a company (CAMT.053, MT940). */
export class BankStatementsService {
  constructor(private readonly app: Application) {}

  /** Imports the statement file: the socket's `content`, or the import door's file. */
  async create(data: BankStatementData, params: ImportFileParams = {}): Promise<BankImportResult> {
    const content = importText(data.content, params)
    return importBankStatement({ app: this.app, user: params.user, companyNo: data.client, accessId: data.access_id, fileName: data.file_name, content })
  }
}

/** Registers bank-statements: an import concerns the company it names. */
export function configureBankStatementsService(app: Application): void {
  registerService(app, bankStatementsDescriptor, new BankStatementsService(app), {
    target: (context) => ({ companyNo: (context.data as BankStatementData).client }),
  })
}
