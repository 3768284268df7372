import { NotFound } from '@feathersjs/errors'
import type { Page, SvImport, SvImportCreate, SvImportsQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { importBytes, type ImportFileParams } from '../shared/import-content'
import { queueSvImport } from '../../commands/queueSvImport'
import { loadSvImport, svImportsPage } from '../../models/sv-imports'
import { actorOf } from '../../models/users'

/** The contribution-account imports: their list, one import (to follow it), and the upload that starts one. */
export class SvImportsService {
  constructor(private readonly app: Application) {}

  /** Imports, newest first. */
  async find(params: { query?: SvImportsQuery } = {}): Promise<Page<SvImport>> {
    const query = params.query ?? {}
    const page = await svImportsPage(this.app.get('knex'), query)
    return { ...page, limit: query.$limit ?? 20, skip: query.$skip ?? 0 }
  }

  /** One import. */
  async get(id: number | string): Promise<SvImport> {
    const number = Number(id)
    const found = Number.isInteger(number) && number > 0 && number <= 2147483647 ? await loadSvImport(this.app.get('knex'), number) : undefined
    if (!found) throw new NotFound(`Import ${id} not found`, { key: 'admin:sv.errors.importNotFound', params: { id: String(id) } })
    return found
  }

  /** Takes a file: refused with row, column and rule when broken, else queued and answered in progress. */
  async create(data: SvImportCreate, params: ImportFileParams = {}): Promise<SvImport> {
    const bytes = importBytes(data.content, params)
    return queueSvImport({ app: this.app, kind: data.kind, fileName: data.fileName, bytes, actor: await actorOf(this.app.get('knex'), params.user), dryRun: data.dryRun })
  }
}
