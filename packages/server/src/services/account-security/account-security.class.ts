import { STEP_UP_ACTIONS, type AccountSecurityData, type AccountSecurityResult, type AccountSecurityState } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { forbidden } from '../../policies/index'
import { relyingParty } from '../../security/passkeys'
import { ownAccount, refuse, securityState } from '../../commands/account-security/own-account'
import { beginTotp, confirmTotp, regenerateRecoveryCodes, removeTotp } from '../../commands/account-security/totp'
import { beginPasskey, finishPasskey, removePasskey, renamePasskey } from '../../commands/account-security/passkeys'
import { changeOwnPassword } from '../../commands/account-security/password'
import { beginStepUp, proveStepUp, requireStepUp } from '../../commands/account-security/step-up'
import { currentGrantOf } from './current-grant'

const stepUpActions = new Set<string>(STEP_UP_ACTIONS)

/**
 * The signed-in user's own sign-in methods (issue 20): state, and one change per call. The changes of STEP_UP_ACTIONS
 * need a live step-up of the caller's session (issue 30): the password and second factor proved within minutes.
 */
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
    if (this.external) throw refuse('external', data.action === 'passwordChange' ? 'newPassword' : 'action')
    const grantId = currentGrantOf(params)
    if (stepUpActions.has(data.action)) await requireStepUp(db, account, grantId)
    const extra: Partial<AccountSecurityResult> = {}
    switch (data.action) {
      case 'stepUpBegin':
        extra.authentication = await beginStepUp(db, relyingParty(publicUrl), account, grantId)
        break
      case 'stepUp':
        extra.stepUpUntil = (await proveStepUp(db, dataDir, relyingParty(publicUrl), account, grantId, data)).toISOString()
        break
      case 'totpBegin':
        extra.totpSetup = await beginTotp(db, dataDir, account)
        break
      case 'totpConfirm':
        extra.recoveryCodes = await confirmTotp(db, dataDir, account, data.code)
        break
      case 'totpRemove':
        await removeTotp(db, account)
        break
      case 'recoveryCodes':
        extra.recoveryCodes = await regenerateRecoveryCodes(db, account)
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
        await removePasskey(db, account, data.id)
        break
      case 'passwordChange':
        await changeOwnPassword(this.app, account, data, grantId)
        break
    }
    return { ...(await securityState(db, account, this.external)), ...extra }
  }
}
