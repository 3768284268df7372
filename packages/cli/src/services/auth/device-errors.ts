import { DeviceLoginError } from '@portal/sdk/oidc'
import { CliError } from '../../errors'

/** Explains why a device sign-in ended without tokens (denied, expired, other provider answers). */
export function deviceError(error: unknown): unknown {
  if (error instanceof DeviceLoginError) {
    return error.key === 'idp:flow.deviceDenied'
      ? new CliError('errors.deviceDenied')
      : new CliError('errors.deviceExpired', {}, undefined, 'hints.login')
  }
  if (typeof error === 'object' && error !== null && 'error' in error) {
    if (error.error === 'access_denied') return new CliError('errors.deviceDenied')
    if (error.error === 'expired_token') return new CliError('errors.deviceExpired', {}, undefined, 'hints.login')
    const message = 'error_description' in error && error.error_description ? error.error_description : error.error
    return new CliError('errors.provider', { message: String(message) })
  }
  return error
}
