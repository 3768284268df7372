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
})
