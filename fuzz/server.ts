import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createWriteStream, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import WebSocket from 'ws'

const ROOT = resolve(import.meta.dirname, '..')

/** The built server (`npm run build:server`) running as its own process, so its memory and its death can be watched. */
export interface FuzzServer {
  child: ChildProcess
  pid: number
  url: string
  /** Set when the process ended without being asked to: the exit code or signal. */
  crashed: string | undefined
  /** Resident memory of the process in bytes (VmRSS of /proc/<pid>/status). */
  rss(): number
  /** Runs a full garbage collection in the server (through its inspector). */
  collectGarbage(): Promise<void>
  /** The server's `process.memoryUsage()` (through its inspector): heap, external and array-buffer memory. */
  memoryUsage(): Promise<NodeJS.MemoryUsage>
  /** Starts the CPU profiler of the server's main thread; the answer stops it and gives the profile (.cpuprofile JSON). */
  profile(): Promise<() => Promise<unknown>>
  /** Stops the process gracefully (SIGTERM) and waits for it. */
  stop(): Promise<void>
  /** Kills the process at once (SIGKILL), as a power cut or the OOM killer would, and waits for it. */
  kill(): Promise<void>
}

/** Options of startFuzzServer. */
export interface FuzzServerOptions {
  dataDir: string
  port: number
  /** Server log (stdout and stderr) is appended here. */
  logFile: string
  /** Open the inspector on a random local port (needed by collectGarbage). */
  inspector?: boolean
  env?: Record<string, string>
  /** Called with the process as soon as it is spawned (to kill it while it is still starting). */
  onSpawn?: (child: ChildProcess) => void
}

/** Starts the built server as `npm start` runs it, on a data dir and port, and waits until it listens. */
export async function startFuzzServer(options: FuzzServerOptions): Promise<FuzzServer> {
  const url = `http://127.0.0.1:${options.port}`
  const args = options.inspector ? ['--inspect=127.0.0.1:0'] : []
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'warn',
    PORTAL_DEMO: '1',
    // The demo's screens start extraction jobs right after start-up; the fuzz measures memory from a quiet server.
    PORTAL_DEMO_SCREENS: '0',
    DATABASE_URL: '',
    ...options.env,
  }
  // No answer may carry internals whatever NODE_ENV is; unset is where frameworks show the most.
  if (!options.env?.NODE_ENV) delete env.NODE_ENV
  const child = spawn(process.execPath, [...args, join(ROOT, 'packages/server/dist/main.mjs')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  options.onSpawn?.(child)
  const log = createWriteStream(options.logFile, { flags: 'a' })
  child.stdout!.pipe(log, { end: false })
  child.stderr!.pipe(log, { end: false })
  let inspectorUrl: string | undefined
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => {
    if (inspectorUrl) return
    stderr += chunk.toString()
    inspectorUrl = /Debugger listening on (ws:\/\/\S+)/.exec(stderr)?.[1]
  })
  let expectedExit = false
  const server: FuzzServer = {
    child,
    pid: child.pid!,
    url,
    crashed: undefined,
    rss: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
      const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)
      return kb ? Number(kb[1]) * 1024 : 0
    },
    collectGarbage: async () => {
      if (!inspectorUrl) throw new Error('the server was started without its inspector')
      await inspectorCall(inspectorUrl, 'HeapProfiler.collectGarbage')
    },
    memoryUsage: async () => {
      if (!inspectorUrl) throw new Error('the server was started without its inspector')
      const answer = (await inspectorCall(inspectorUrl, 'Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true })) as { result: { value: string } }
      return JSON.parse(answer.result.value) as NodeJS.MemoryUsage
    },
    profile: async () => {
      if (!inspectorUrl) throw new Error('the server was started without its inspector')
      const session = await inspectorSession(inspectorUrl)
      await session.call('Profiler.enable')
      await session.call('Profiler.setSamplingInterval', { interval: 1000 })
      await session.call('Profiler.start')
      return async () => {
        const { profile } = (await session.call('Profiler.stop')) as { profile: unknown }
        session.close()
        return profile
      }
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      expectedExit = true
      const exited = once(child, 'exit')
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exited
      clearTimeout(timer)
    },
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      expectedExit = true
      const exited = once(child, 'exit')
      child.kill('SIGKILL')
      await exited
    },
  }
  // However the fuzzer ends (an exception included), the server it started does not outlive it.
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)
  child.once('exit', (code, signal) => {
    process.off('exit', killOnExit)
    log.end()
    if (!expectedExit) server.crashed = signal ?? `exit code ${code}`
  })
  await new Promise<void>((ready, fail) => {
    let out = ''
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('Portal is running')) {
        child.stdout!.off('data', onData)
        ready()
      }
    }
    child.stdout!.on('data', onData)
    child.once('exit', (code, signal) => fail(new Error(`server exited with ${signal ?? code} while starting; see ${options.logFile}`)))
  })
  return server
}

/** A Chrome DevTools Protocol session with a Node inspector. */
interface InspectorSession {
  call(method: string, params?: object): Promise<unknown>
  close(): void
}

async function inspectorSession(url: string): Promise<InspectorSession> {
  const socket = new WebSocket(url, { maxPayload: 1024 * 1024 * 1024 })
  await once(socket, 'open')
  let nextId = 1
  const pending = new Map<number, { done(result: unknown): void; fail(error: Error): void }>()
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as { id?: number; result?: unknown; error?: { message: string } }
    const waiter = message.id === undefined ? undefined : pending.get(message.id)
    if (!waiter) return
    pending.delete(message.id!)
    if (message.error) waiter.fail(new Error(message.error.message))
    else waiter.done(message.result)
  })
  socket.once('close', () => {
    for (const waiter of pending.values()) waiter.fail(new Error('inspector closed'))
  })
  return {
    call: (method, params = {}) =>
      new Promise((done, fail) => {
        const id = nextId++
        pending.set(id, { done, fail })
        socket.send(JSON.stringify({ id, method, params }))
      }),
    close: () => socket.close(),
  }
}

/** Sends one command to a Node inspector on a session of its own and waits for its answer. */
async function inspectorCall(url: string, method: string, params: object = {}): Promise<unknown> {
  const session = await inspectorSession(url)
  try {
    return await session.call(method, params)
  } finally {
    session.close()
  }
}
