import type { Knex } from 'knex'
import { NotFound } from '@feathersjs/errors'
import type { FonImport, FonImportCreate, FonImportsQuery, Page } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { importBytes, type ImportFileParams } from '../shared/import-content'
import { queueFonImport } from '../../commands/queueFonImport'
import { fonImportsPage, loadFonImport } from '../../models/fon-imports'
import { actorOf } from '../../models/users'

/** The FON imports: their list, one import (to follow its progress), and the upload that starts one. */
export class FonImportsService {
  constructor(private readonly app: Application) {}

  private get knex(): Knex {
    return this.app.get('knex')
  }

  /** Imports, newest first. */
  async find(params: { query?: FonImportsQuery } = {}): Promise<Page<FonImport>> {
    const query = params.query ?? {}
    const page = await fonImportsPage(this.knex, query)
    return { ...page, limit: query.$limit ?? 20, skip: query.$skip ?? 0 }
  }

  /** One import. */
  async get(id: number | string): Promise<FonImport> {
    const found = Number.isInteger(Number(id)) ? await loadFonImport(this.knex, Number(id)) : undefined
    if (!found) throw new NotFound(`Import ${id} not found`, { key: 'fon:errors.importNotFound', params: { id: String(id) } })
    return found
  }

  /** Takes a file: refused with row, column and rule when broken, else queued as a job and answered in progress. */
  async create(data: FonImportCreate, params: ImportFileParams = {}): Promise<FonImport> {
    const bytes = importBytes(data.content, params)
    return queueFonImport({ app: this.app, kind: data.kind, fileName: data.fileName, bytes, actor: await actorOf(this.knex, params.user), dryRun: data.dryRun })
  }
}
