import type { ServerConfig } from './config'

/** Demo accounts created by the demo seed; shown in the banner and the README. */
export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.portal', role: 'administrator: every permission, all clients' },
  { email: 'staff@demo.portal', role: 'firm staff: several clients; doc app acc rep ded ove lab exp' },
  { email: 'client@demo.portal', role: "client company's staff: one company; doc rep app" },
] as const

/** Shared password of every demo account. */
export const DEMO_PASSWORD = 'portal-demo'

/** The text printed when the server is ready. */
export function startupBanner(config: ServerConfig): string {
  const lines = [
    '',
    `  Portal is running at ${config.publicUrl}`,
    `  Identity provider: ${config.issuer}${config.oidcIssuer ? '' : ' (embedded)'}`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL' : `embedded (${config.dataDir})`}`,
  ]
  if (config.demo) {
    lines.push('', `  Demo accounts (password "${DEMO_PASSWORD}"):`)
    for (const account of DEMO_ACCOUNTS) lines.push(`    ${account.email.padEnd(20)} ${account.role}`)
  }
  lines.push('', '')
  return lines.join('\n')
}
