import { initiateDeviceAuthorization, pollDeviceAuthorizationGrant, ResponseBodyError, type Configuration } from 'openid-client'
import { DEFAULT_SCOPE } from './code-flow'
import { toTokens, type OidcTokens } from './tokens'

/** A started device sign-in: show the code and the address, then wait. */
export interface DeviceLogin {
  userCode: string
  verificationUri: string
  verificationUriComplete: string | undefined
  /** Seconds until the code expires. */
  expiresIn: number
  /** Polls the token endpoint (respecting interval and slow_down) until the user approved or refused. */
  wait(signal?: AbortSignal): Promise<OidcTokens>
}

/** The user refused or the code ran out; `key` names the message. */
export class DeviceLoginError extends Error {
  override name = 'DeviceLoginError'
  constructor(
    readonly key: 'idp:flow.deviceDenied' | 'idp:flow.deviceExpired',
    message: string,
  ) {
    super(message)
  }
}

/** Starts the device authorization grant (RFC 8628), as the CLI signs in. */
export async function startDeviceLogin(config: Configuration, scope: string = DEFAULT_SCOPE): Promise<DeviceLogin> {
  const device = await initiateDeviceAuthorization(config, { scope })
  return {
    userCode: device.user_code,
    verificationUri: device.verification_uri,
    verificationUriComplete: device.verification_uri_complete,
    expiresIn: device.expires_in,
    async wait(signal) {
      try {
        return toTokens(await pollDeviceAuthorizationGrant(config, device, undefined, { signal }))
      } catch (error) {
        if (error instanceof ResponseBodyError && error.error === 'access_denied') {
          throw new DeviceLoginError('idp:flow.deviceDenied', 'The sign-in of this device was refused.')
        }
        if (error instanceof ResponseBodyError && error.error === 'expired_token') {
          throw new DeviceLoginError('idp:flow.deviceExpired', 'The device code has expired. Please start the sign-in again.')
        }
        throw error
      }
    },
  }
}
