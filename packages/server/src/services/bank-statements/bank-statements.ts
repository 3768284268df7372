import { bankStatementsDescriptor, type BankImportResult, type BankStatementData } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { importBankStatement } from '../../commands/banking/importBankStatement'
import { registerService } from '../shared/register'

/** Statement imports of a company (CAMT.053, MT940). */
export class BankStatementsService {
  constructor(private readonly app: Application) {}

  async create(data: BankStatementData, params: PortalParams = {}): Promise<BankImportResult> {
    return importBankStatement({ app: this.app, user: params.user, companyNo: data.client, accessId: data.access_id, fileName: data.file_name, content: data.content })
  }
}

/** Registers bank-statements: an import concerns the company it names. */
export function configureBankStatementsService(app: Application): void {
  registerService(app, bankStatementsDescriptor, new BankStatementsService(app), {
    target: (context) => ({ companyNo: (context.data as BankStatementData).client }),
  })
}
