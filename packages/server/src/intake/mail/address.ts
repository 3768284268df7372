import type { MailIntakeConfig } from '../../config'

/** A company's intake address: rechnungen+1001@kanzlei.at for the base rechnungen@kanzlei.at. */
export function intakeAddressOf(config: Pick<MailIntakeConfig, 'address'>, companyNo: number): string {
  return `${config.address.local}+${companyNo}@${config.address.domain}`
}

/** The company an intake address names, or undefined when it is none of ours (other domain, base or no number). */
export function companyOfIntakeAddress(config: Pick<MailIntakeConfig, 'address'>, address: string): number | undefined {
  const match = /^([^@+]+)\+(\d{1,9})@(.+)$/.exec(address.trim().toLowerCase())
  if (!match || match[1] !== config.address.local || match[3] !== config.address.domain) return undefined
  const companyNo = Number(match[2])
  return companyNo >= 1 ? companyNo : undefined
}

/** True when the sender may deliver: no list, or the list names the address or its domain ('@lieferant.at'). */
export function senderAllowed(allowed: readonly string[], sender: string): boolean {
  if (allowed.length === 0) return true
  const address = sender.trim().toLowerCase()
  const domain = address.slice(address.lastIndexOf('@'))
  return allowed.some((entry) => {
    const rule = entry.toLowerCase()
    return rule.startsWith('@') ? domain === rule : address === rule
  })
}
