import { pino, type Logger } from 'pino'
import type { ServerConfig } from './config'

/** Creates the structured logger every server module receives. */
export function createLogger(config: Pick<ServerConfig, 'logLevel'>): Logger {
  return pino({ level: config.logLevel, base: undefined })
}

export type { Logger }
