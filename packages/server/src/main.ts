import { loadConfig, ConfigError } from './config'
import { DataDirLockedError } from './db/connect'
import { startServer } from './server'
import { startupBanner } from './banner'
import { reportEventLoopDelayOnSignal } from './event-loop-report'

/** Entry point of `npm start`: validated config, start, banner, graceful stop. */
async function main(): Promise<void> {
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`)
      process.exit(1)
    }
    throw error
  }
  try {
    const server = await startServer(config)
    process.stdout.write(startupBanner(config))
    let stopping = false
    const stop = async () => {
      if (stopping) return
      stopping = true
      await server.close()
      process.exit(0)
    }
    process.on('SIGINT', () => void stop())
    process.on('SIGTERM', () => void stop())
    reportEventLoopDelayOnSignal()
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`)
      process.exit(1)
    }
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      process.stderr.write(`Port ${config.port} is already in use. Stop the other program or set PORT to a free port.\n`)
      process.exit(1)
    }
    throw error
  }
}

await main()
