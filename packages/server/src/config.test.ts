import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

describe('loadConfig', () => {
  it('runs on safe defaults: port 3030, embedded database, demo on, issuer under the public URL', () => {
    const config = loadConfig({}, '/srv/portal')
    expect(config).toMatchObject({
      port: 3030,
      dataDir: '/srv/portal/data',
      publicUrl: 'http://localhost:3030',
      issuer: 'http://localhost:3030/realms/portal',
      databaseUrl: undefined,
      demo: true,
      logLevel: 'info',
      maxUploadBytes: 50 * 1024 * 1024,
      trustProxy: false,
      metricsPort: undefined,
      jobLockTimeoutMs: 60_000,
    })
  })

  it('serves metrics only on their own port, when METRICS_PORT is set', () => {
    expect(loadConfig({ METRICS_PORT: '9464', HOST: '10.0.0.5' })).toMatchObject({ metricsPort: 9464, metricsHost: '10.0.0.5' })
    expect(() => loadConfig({ PORT: '3030', METRICS_PORT: '3030' })).toThrow(/METRICS_PORT must differ from PORT/)
  })

  it('follows PUBLIC_URL and turns demo data off with DATABASE_URL unless PORTAL_DEMO=1', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://portal.example.at/', DATABASE_URL: 'postgres://db/portal' })
    expect(config.issuer).toBe('https://portal.example.at/realms/portal')
    expect(config.demo).toBe(false)
    expect(loadConfig({ DATABASE_URL: 'postgres://db/portal', PORTAL_DEMO: '1' }).demo).toBe(true)
    // The demo's admin screens follow the demo data unless switched off on their own.
    expect(loadConfig({}).demoScreens).toBe(true)
    expect(loadConfig({ PORTAL_DEMO_SCREENS: '0' }).demoScreens).toBe(false)
    expect(config.demoScreens).toBe(false)
    expect(loadConfig({ OIDC_ISSUER: 'https://sso.example.at/realms/kanzlei' }).issuer).toBe('https://sso.example.at/realms/kanzlei')
    // Outgoing mail (one-time password links) is off unless SMTP_URL is set; the sender defaults to the portal's host.
    expect(loadConfig({ PUBLIC_URL: 'https://portal.kanzlei.at' }).outgoingMail).toEqual({ smtpUrl: undefined, from: 'portal@portal.kanzlei.at' })
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.kanzlei.at:465', MAIL_FROM: 'noreply@kanzlei.at' }).outgoingMail).toEqual({ smtpUrl: 'smtps://u:p@mail.kanzlei.at:465', from: 'noreply@kanzlei.at' })
  })

  it.each([
    ['PORT', 'abc', /PORT must be a whole number/],
    ['PORT', '70000', /PORT must be between 0 and 65535/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL must use postgres: or postgresql:/],
    ['PUBLIC_URL', 'not a url', /PUBLIC_URL must be a URL/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of/],
    ['PORTAL_DEMO', 'maybe', /PORTAL_DEMO must be 1 or 0/],
    ['DATABASE_SCHEMA', 'Bad-Name', /DATABASE_SCHEMA must be a lower-case SQL identifier/],
    ['OCR_WORKERS', '0', /OCR_WORKERS must be between 1 and 64/],
    ['SMTP_URL', 'http://mail.kanzlei.at', /SMTP_URL must use smtp: or smtps:/],
    ['MAIL_FROM', 'portal at kanzlei', /MAIL_FROM must be an e-mail address/],
    ['METRICS_PORT', 'x', /METRICS_PORT must be a whole number/],
    ['JOB_LOCK_TIMEOUT_SECONDS', '1', /JOB_LOCK_TIMEOUT_SECONDS must be between 2 and 3600/],
  ])('refuses %s=%s naming the variable and the rule', (name, value, message) => {
    const attempt = () => loadConfig({ [name]: value })
    expect(attempt).toThrow(ConfigError)
    expect(attempt).toThrow(message)
  })

  const s3 = { DOCUMENT_STORE: 's3', S3_ENDPOINT: 'http://127.0.0.1:7480', S3_BUCKET: 'portal-docs', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' }

  it('keeps documents in the folder by default and in the bucket with DOCUMENT_STORE=s3, path style with an endpoint', () => {
    expect(loadConfig({}).documentStore).toEqual({ kind: 'folder' })
    expect(loadConfig(s3).documentStore).toEqual({
      kind: 's3',
      s3: { endpoint: 'http://127.0.0.1:7480', bucket: 'portal-docs', region: 'us-east-1', accessKeyId: 'key', secretAccessKey: 'secret', forcePathStyle: true },
    })
    // AWS's standard names serve as well.
    const { S3_ACCESS_KEY_ID: _k, S3_SECRET_ACCESS_KEY: _s, S3_REGION: _r, ...rest } = s3
    const aws = loadConfig({ ...rest, AWS_ACCESS_KEY_ID: 'a', AWS_SECRET_ACCESS_KEY: 'b', AWS_REGION: 'eu-central-1' }).documentStore
    expect(aws).toMatchObject({ s3: { accessKeyId: 'a', secretAccessKey: 'b', region: 'eu-central-1' } })
  })

  it.each([
    ['S3_BUCKET', /S3_BUCKET must name the bucket/],
    ['S3_REGION', /S3_REGION \(or AWS_REGION\) must name the region/],
    ['S3_ACCESS_KEY_ID', /S3_ACCESS_KEY_ID \(or AWS_ACCESS_KEY_ID\) must be set/],
    ['S3_SECRET_ACCESS_KEY', /S3_SECRET_ACCESS_KEY \(or AWS_SECRET_ACCESS_KEY\) must be set/],
  ])('with DOCUMENT_STORE=s3 refuses to start without %s, naming it', (name, message) => {
    const attempt = () => loadConfig({ ...s3, [name]: '' })
    expect(attempt).toThrow(ConfigError)
    expect(attempt).toThrow(message)
  })

  it.each([
    ['DOCUMENT_STORE', 'ftp', /DOCUMENT_STORE must be one of folder, s3/],
    ['S3_ENDPOINT', 'ftp://store', /S3_ENDPOINT must use http: or https:/],
    ['S3_BUCKET', 'Portal_Docs', /S3_BUCKET must be a bucket name/],
    ['S3_FORCE_PATH_STYLE', 'maybe', /S3_FORCE_PATH_STYLE must be 1 or 0/],
  ])('refuses %s=%s for the bucket, naming the variable', (name, value, message) => {
    expect(() => loadConfig({ ...s3, [name]: value })).toThrow(message)
  })
})
