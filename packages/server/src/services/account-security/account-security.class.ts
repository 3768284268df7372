import type { AccountSecurityData, AccountSecurityResult, AccountSecurityState } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { forbidden } from '../../policies/index'
import { relyingParty } from '../../security/passkeys'
import { ownAccount, refuse, securityState } from '../../commands/account-security/own-account'
import { beginTotp, confirmTotp, regenerateRecoveryCodes, removeTotp } from '../../commands/account-security/totp'
import { beginPasskey, finishPasskey, removePasskey, renamePasskey } from '../../commands/account-security/passkeys'
import { changeOwnPassword } from '../../commands/account-security/password'
import { currentGrantOf } from './current-grant'

/** The signed-in user's own sign-in methods (issue 20): state, and one change per call. */
export class AccountSecurityService {
  constructor(private readonly app: Application) {}

  private get external(): boolean {
    return Boolean(this.app.get('config').oidcIssuer)
  }

  async find(params: PortalParams = {}): Promise<AccountSecurityState> {
    if (!params.user) throw forbidden()
    const db = this.app.get('knex')
    return securityState(db, await ownAccount(db, params.user), this.external)
  }

  async create(data: AccountSecurityData, params: PortalParams = {}): Promise<AccountSecurityResult> {
    if (!params.user) throw forbidden()
    const db = this.app.get('knex')
    const { dataDir, publicUrl } = this.app.get('config')
    const account = await ownAccount(db, params.user)
    // Passwords and factors of an external provider are its own (a password change says so on its field).
    if (this.external && data.action !== 'passwordChange') throw refuse('external', 'action')
    const extra: Partial<AccountSecurityResult> = {}
    switch (data.action) {
      case 'totpBegin':
        extra.totpSetup = await beginTotp(db, dataDir, account)
        break
      case 'totpConfirm':
        extra.recoveryCodes = await confirmTotp(db, dataDir, account, data.code)
        break
      case 'totpRemove':
        await removeTotp(db, account, data.password)
        break
      case 'recoveryCodes':
        extra.recoveryCodes = await regenerateRecoveryCodes(db, account, data.password)
        break
      case 'passkeyBegin':
        extra.registration = await beginPasskey(db, relyingParty(publicUrl), account)
        break
      case 'passkeyFinish':
        await finishPasskey(db, relyingParty(publicUrl), account, data.name, data.response)
        break
      case 'passkeyRename':
        await renamePasskey(db, account, data.id, data.name)
        break
      case 'passkeyRemove':
        await removePasskey(db, account, data.id, data.password)
        break
      case 'passwordChange':
        await changeOwnPassword(this.app, account, data, currentGrantOf(params))
        break
    }
    return { ...(await securityState(db, account, this.external)), ...extra }
  }
}
