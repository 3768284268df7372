import { isAbsolute, resolve } from 'node:path'
import { availableParallelism } from 'node:os'
import { DEFAULT_SEPARATOR_TEXT } from '@portal/sdk/domain'
import { VIES_DEFAULT_URL } from './vies/vies'
import { documentStoreConfig, type DocumentStoreConfig } from './documents/store-config'

/** Validated server configuration, read once from the environment. */
export interface ServerConfig {
  port: number
  host: string
  dataDir: string
  publicUrl: string
  databaseUrl: string | undefined
  /** PostgreSQL schema to use (created when missing); tests use a fresh one per run. */
  databaseSchema: string | undefined
  /** External OIDC issuer; when set the embedded provider is off. */
  oidcIssuer: string | undefined
  /** Issuer the server trusts: the external one or the embedded `${publicUrl}/realms/portal`. */
  issuer: string
  demo: boolean
  /** With the demo data: two years of booked documents of two companies (PORTAL_DEMO_LEDGER, default on; tests switch it off). */
  demoLedger: boolean
  /** With the demo data: something on every admin screen, done by the demo admin after the start (PORTAL_DEMO_SCREENS, default on; tests switch it off). */
  demoScreens: boolean
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  redisUrl: string | undefined
  /** Maximum upload size in bytes. */
  maxUploadBytes: number
  /** The firm's separator-sheet code (barcode, QR code or printed) the document editor cuts at, besides PATCH-T. */
  editorSeparatorText: string
  /** Most files one upload request may carry. */
  maxUploadFiles: number
  /** Largest whole upload request body in bytes (all its files together). */
  maxUploadRequestBytes: number
  /** Extraction workers running in this process. */
  workerConcurrency: number
  /** OCR engine workers (tesseract) shared by this process's extraction jobs. */
  ocrWorkers: number
  /** OCR_ENGINE: the native tesseract, tesseract.js (wasm), or auto: native where installed (docs/ocr.md). */
  ocrEngine: (typeof OCR_ENGINES)[number]
  /** Behind a reverse proxy: trust X-Forwarded-For/-Proto (client addresses for sign-in throttling). */
  trustProxy: boolean
  /** Directory of the built web app to serve at `/`, if present. */
  webDir: string
  /** Outgoing e-mail (one-time password links): SMTP_URL and MAIL_FROM; without SMTP_URL links are shown to the administrator. */
  outgoingMail: OutgoingMailConfig
  /** E-mail intake (docs/office-setup.md): the SMTP listener, an IMAP mailbox to poll, the address scheme. */
  mailIntake: MailIntakeConfig
  /** VIES_URL: the REST base of the EU's VAT id service (default the Commission's); 'off' = no online UID check. */
  viesUrl: string | undefined
  /** METRICS_PORT: the port of the Prometheus metrics (GET /metrics); undefined = no metrics (the default). Never the public port. */
  metricsPort: number | undefined
  /** METRICS_HOST: the address the metrics port binds to (default HOST). */
  metricsHost: string
  /** JOB_LOCK_TIMEOUT_SECONDS: a running job whose instance gave no sign of life for this long is taken over by another (default 60). */
  jobLockTimeoutMs: number
  /** SECRETS_KEY: the AES-256 key that seals stored secrets (64 hex digits or base64 of 32 bytes); default `<DATA_DIR>/secrets.key`. */
  secretsKey: Buffer | undefined
  /** DOCUMENT_STORE and its S3_* settings: the folder DATA_DIR/documents, or a bucket (docs/storage-and-backup.md). */
  documentStore: DocumentStoreConfig
}

/** E-mail intake settings; every way in is off unless configured. */
export interface MailIntakeConfig {
  /** SMTP_INTAKE_PORT: the SMTP listener's port; undefined = no listener. */
  smtpPort: number | undefined
  /** SMTP_INTAKE_HOST: the address the listener binds to (default HOST). */
  smtpHost: string
  /** INTAKE_ADDRESS: the base address, e.g. rechnungen@kanzlei.at; company 1001's is rechnungen+1001@kanzlei.at. */
  address: { local: string; domain: string }
  /** IMAP_INTAKE_URL: imaps://user:password@host:993/INBOX, polled every `imapPollSeconds`; undefined = no polling. */
  imapUrl: string | undefined
  imapPollSeconds: number
  /** MAX_INTAKE_MAIL_MB: the largest mail taken in, in bytes (a larger one is refused whole). */
  maxMailBytes: number
}

const OCR_ENGINES = ['auto', 'native', 'wasm'] as const

/** Raised when an environment variable has a value the server cannot run with. */
export class ConfigError extends Error {
  override name = 'ConfigError'
  constructor(
    readonly variable: string,
    readonly rule: string,
  ) {
    super(`Invalid configuration: ${variable} ${rule}`)
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number between ${min} and ${max} (got "${raw}")`)
  const value = Number(raw)
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max} (got ${value})`)
  return value
}

export function url(env: NodeJS.ProcessEnv, name: string, protocols: string[]): string | undefined {
  const raw = env[name]
  if (raw === undefined || raw === '') return undefined
  let parsed: URL
  try {
    parsed = new URL(raw)
  } catch {
    throw new ConfigError(name, `must be a URL (got "${raw}")`)
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must use ${protocols.join(' or ')} (got "${parsed.protocol}")`)
  }
  return raw.replace(/\/+$/, '')
}

export function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false
  throw new ConfigError(name, `must be 1 or 0 (got "${raw}")`)
}

/** Outgoing e-mail settings. */
export interface OutgoingMailConfig {
  /** SMTP_URL: smtp://user:password@host:587 or smtps://…:465; undefined = no e-mail is sent. */
  smtpUrl: string | undefined
  /** MAIL_FROM: the sender address (default portal@ the PUBLIC_URL's host). */
  from: string
}

function outgoingMailConfig(env: NodeJS.ProcessEnv, publicUrl: string): OutgoingMailConfig {
  const smtpUrl = url(env, 'SMTP_URL', ['smtp:', 'smtps:'])
  const from = env.MAIL_FROM || `portal@${new URL(publicUrl).hostname}`
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(from)) throw new ConfigError('MAIL_FROM', `must be an e-mail address like portal@kanzlei.at (got "${from}")`)
  return { smtpUrl, from }
}

/** Reads and validates the configuration; throws ConfigError naming the variable and the rule. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const port = integer(env, 'PORT', 3030, 0, 65535)
  const host = env.HOST || '0.0.0.0'
  const dataDirRaw = env.DATA_DIR || './data'
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(cwd, dataDirRaw)
  const publicUrl = url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:'])
  const databaseSchema = env.DATABASE_SCHEMA || undefined
  if (databaseSchema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(databaseSchema)) {
    throw new ConfigError('DATABASE_SCHEMA', `must be a lower-case SQL identifier (got "${databaseSchema}")`)
  }
  const oidcIssuer = url(env, 'OIDC_ISSUER', ['http:', 'https:'])
  const redisUrl = url(env, 'REDIS_URL', ['redis:', 'rediss:'])
  const demo = flag(env, 'PORTAL_DEMO', databaseUrl === undefined)
  const demoLedger = flag(env, 'PORTAL_DEMO_LEDGER', demo)
  const demoScreens = flag(env, 'PORTAL_DEMO_SCREENS', demo)
  const logLevelRaw = (env.LOG_LEVEL || 'info').toLowerCase()
  if (!(LOG_LEVELS as readonly string[]).includes(logLevelRaw)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')} (got "${env.LOG_LEVEL}")`)
  }
  const maxUploadMb = integer(env, 'MAX_UPLOAD_MB', 50, 1, 2048)
  const maxUploadFiles = integer(env, 'MAX_UPLOAD_FILES', 100, 1, 10_000)
  const maxUploadRequestMb = integer(env, 'MAX_UPLOAD_REQUEST_MB', 10 * maxUploadMb, maxUploadMb, 100 * 1024)
  const workerConcurrency = integer(env, 'WORKER_CONCURRENCY', availableParallelism(), 0, 64)
  const ocrWorkers = integer(env, 'OCR_WORKERS', availableParallelism(), 1, 64)
  const ocrEngine = (env.OCR_ENGINE || 'auto').toLowerCase()
  if (!(OCR_ENGINES as readonly string[]).includes(ocrEngine)) {
    throw new ConfigError('OCR_ENGINE', `must be one of ${OCR_ENGINES.join(', ')} (got "${env.OCR_ENGINE}")`)
  }
  const trustProxy = flag(env, 'TRUST_PROXY', false)
  const metricsPort = env.METRICS_PORT ? integer(env, 'METRICS_PORT', 0, 1, 65535) : undefined
  if (metricsPort !== undefined && metricsPort === port) throw new ConfigError('METRICS_PORT', `must differ from PORT (${port}): metrics are never served on the public port`)
  const jobLockTimeoutMs = integer(env, 'JOB_LOCK_TIMEOUT_SECONDS', 60, 2, 3600) * 1000
  const outgoingMail = outgoingMailConfig(env, publicUrl)
  const mailIntake = mailIntakeConfig(env, host, maxUploadRequestMb)
  const secretsKey = secretsKeyOf(env.SECRETS_KEY)
  const viesUrl = env.VIES_URL === 'off' ? undefined : (url(env, 'VIES_URL', ['http:', 'https:']) ?? VIES_DEFAULT_URL)
  const webDir = env.WEB_DIR ? resolve(cwd, env.WEB_DIR) : resolve(import.meta.dirname, '../../web/dist')
  return {
    port,
    host,
    dataDir,
    publicUrl,
    databaseUrl,
    databaseSchema,
    oidcIssuer,
    issuer: oidcIssuer ?? `${publicUrl}/realms/portal`,
    demo,
    demoLedger,
    demoScreens,
    logLevel: logLevelRaw as ServerConfig['logLevel'],
    redisUrl,
    maxUploadBytes: maxUploadMb * 1024 * 1024,
    editorSeparatorText: (env.EDITOR_SEPARATOR_TEXT ?? '').trim() || DEFAULT_SEPARATOR_TEXT,
    maxUploadFiles,
    maxUploadRequestBytes: maxUploadRequestMb * 1024 * 1024,
    workerConcurrency,
    ocrWorkers,
    ocrEngine: ocrEngine as ServerConfig['ocrEngine'],
    trustProxy,
    metricsPort,
    metricsHost: env.METRICS_HOST || host,
    jobLockTimeoutMs,
    webDir,
    outgoingMail,
    mailIntake,
    viesUrl,
    secretsKey,
    documentStore: documentStoreConfig(env),
  }
}

function secretsKeyOf(raw: string | undefined): Buffer | undefined {
  if (!raw) return undefined
  const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64')
  if (key.length !== 32) throw new ConfigError('SECRETS_KEY', 'must be 32 bytes: 64 hex digits or base64 (e.g. `openssl rand -base64 32`)')
  return key
}

function mailIntakeConfig(env: NodeJS.ProcessEnv, host: string, maxUploadRequestMb: number): MailIntakeConfig {
  const smtpOn = env.SMTP_INTAKE_PORT !== undefined && env.SMTP_INTAKE_PORT !== ''
  const rawAddress = (env.INTAKE_ADDRESS || 'rechnungen@portal.localhost').toLowerCase()
  const address = /^([a-z0-9._-]+)@([a-z0-9.-]+)$/.exec(rawAddress)
  if (!address) throw new ConfigError('INTAKE_ADDRESS', `must be an address like rechnungen@kanzlei.at, without "+" (got "${env.INTAKE_ADDRESS}")`)
  return {
    smtpPort: smtpOn ? integer(env, 'SMTP_INTAKE_PORT', 0, 0, 65535) : undefined,
    smtpHost: env.SMTP_INTAKE_HOST || host,
    address: { local: address[1], domain: address[2] },
    imapUrl: url(env, 'IMAP_INTAKE_URL', ['imap:', 'imaps:']),
    imapPollSeconds: integer(env, 'IMAP_POLL_SECONDS', 60, 1, 86_400),
    maxMailBytes: integer(env, 'MAX_INTAKE_MAIL_MB', Math.min(maxUploadRequestMb, 100), 1, 2048) * 1024 * 1024,
  }
}
