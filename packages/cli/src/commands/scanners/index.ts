import type { Command } from 'commander'
import type { CommandEnv } from '../env'
import { registerScannersActivation } from './activation'
import { registerScannersList } from './list'
import { registerScannersRegister } from './register'
import { registerScannersTokens } from './tokens'

/** The `scanners` noun and its verbs (administrators). */
export function registerScanners(program: Command, env: CommandEnv): void {
  const scanners = program.command('scanners').description(env.t('scanners:cli.commands.scanners'))
  registerScannersList(scanners, env)
  registerScannersRegister(scanners, env)
  registerScannersTokens(scanners, env)
  registerScannersActivation(scanners, env)
}
