import { OTHER_SESSIONS, type DeviceSession, type RecordId, type SessionsEnded } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { forbidden } from '../../policies/index'
import { ownAccount } from '../../commands/account-security/own-account'
import { endDeviceSession, endOtherSessions, listDeviceSessions } from '../../commands/account-security/sessions'
import { currentGrantOf } from '../account-security/current-grant'

/** The signed-in user's devices: list them, log out one or all others. */
export class AccountSessionsService {
  constructor(private readonly app: Application) {}

  async find(params: PortalParams = {}): Promise<DeviceSession[]> {
    if (!params.user) throw forbidden()
    const db = this.app.get('knex')
    return listDeviceSessions(db, await ownAccount(db, params.user), currentGrantOf(params))
  }

  async remove(id: RecordId | null, params: PortalParams = {}): Promise<SessionsEnded> {
    if (!params.user) throw forbidden()
    const account = await ownAccount(this.app.get('knex'), params.user)
    const current = currentGrantOf(params)
    const ended = id === OTHER_SESSIONS ? await endOtherSessions(this.app, account, current) : await endDeviceSession(this.app, account, String(id ?? ''), current)
    return { ended }
  }
}
