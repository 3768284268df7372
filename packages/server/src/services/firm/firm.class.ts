import type { Firm, FirmPatch } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { removeFirm } from '../../commands/removeFirm'
import { saveFirm } from '../../commands/saveFirm'
import { loadFirm } from '../../models/firm'
import { actorOf } from '../../models/users'

/** The tax firm: read, save (the WEBEKU password goes in and never comes out), delete. */
export class FirmService {
  constructor(private readonly app: Application) {}

  /** The firm (empty fields before its first save). */
  async find(): Promise<Firm> {
    return loadFirm(this.app.get('knex'))
  }

  /** Saves the form (any id: there is one firm). */
  async patch(_id: number | string | null, data: FirmPatch, params: PortalParams = {}): Promise<Firm> {
    return saveFirm({ app: this.app, data, actor: await actorOf(this.app.get('knex'), params.user) })
  }

  /** Deletes the firm and its stored password. */
  async remove(_id: number | string | null, params: PortalParams = {}): Promise<Firm> {
    const knex = this.app.get('knex')
    return removeFirm(knex, await actorOf(knex, params.user))
  }
}
