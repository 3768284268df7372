import { pino, type Logger } from 'pino'
import type { ServerConfig } from './config'
import { currentRequestId } from './observability/request-context'

/**
 * Fields that never reach a log line, whatever level: secrets (passwords, tokens, keys, cookies) and the personal data a
 * careless `{ user }` or `{ data }` would carry (e-mail addresses, names, IBANs). Redacted at any depth pino can name.
 */
const REDACTED = ['password', 'token', 'accessToken', 'access_token', 'idToken', 'id_token', 'refreshToken', 'refresh_token', 'authorization', 'cookie', 'secret', 'email', 'first_name', 'last_name', 'firstName', 'lastName', 'iban', 'sepa_iban']

/**
 * Creates the structured logger every server module receives: one JSON object per line with an ISO time, the level's
 * name and, inside a call or a job, the request id (`req`) that follows it (observability/request-context.ts).
 */
export function createLogger(config: Pick<ServerConfig, 'logLevel'>, destination?: NodeJS.WritableStream): Logger {
  const options = {
    level: config.logLevel,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    mixin: () => {
      const req = currentRequestId()
      return req ? { req } : {}
    },
    redact: { paths: REDACTED.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]), censor: '[redacted]' },
  }
  return destination ? pino(options, destination as pino.DestinationStream) : pino(options)
}

export type { Logger }
