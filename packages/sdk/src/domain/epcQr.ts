import { isValidBIC, isValidIBAN } from 'ibantools'

/**
 * The EPC QR code (EPC069-12, "GiroCode", the Austrian banks' "Zahlen mit Code"): a SEPA credit transfer as text
 * lines. Version 002 (BIC optional in the EEA), character set 1 (UTF-8), identification SCT.
 */
export interface EpcTransfer {
  /** Beneficiary's name, 1–70 characters. */
  name: string
  iban: string
  /** 8 or 11 characters, or empty (allowed in version 002). */
  bic?: string
  /** Euro amount as '123.45': 0.01–999999999.99. */
  amount: string
  /** An ISO 11649 creditor reference (RF…) goes in the structured line, anything else in the remittance text. */
  reference?: string
}

/** Largest payload in bytes EPC069-12 allows. */
export const EPC_MAX_BYTES = 331

const RF_REFERENCE = /^RF\d{2}[A-Z0-9]{1,21}$/
const clean = (value: string): string => value.replace(/[\r\n]+/g, ' ').trim()

/** The EPC QR payload of a transfer (lines joined by LF, no trailing separator). */
export function buildEpcPayload(transfer: EpcTransfer): string {
  const reference = clean(transfer.reference ?? '')
  const structured = RF_REFERENCE.test(reference.replace(/\s+/g, '').toUpperCase())
  const lines = [
    'BCD',
    '002',
    '1',
    'SCT',
    clean(transfer.bic ?? '').replace(/\s+/g, '').toUpperCase(),
    clean(transfer.name).slice(0, 70),
    transfer.iban.replace(/\s+/g, '').toUpperCase(),
    `EUR${transfer.amount}`,
    '',
    structured ? reference.replace(/\s+/g, '').toUpperCase() : '',
    structured ? '' : reference.slice(0, 140),
  ]
  while (lines[lines.length - 1] === '') lines.pop()
  return lines.join('\n')
}

/** A broken EPC069-12 rule: the line (1-based) and the rule's name. */
export interface EpcIssue {
  line: number
  rule: string
}

/** Checks a payload against the EPC069-12 rules; an empty list means a bank app can read it. */
export function validateEpcPayload(payload: string): EpcIssue[] {
  const issues: EpcIssue[] = []
  if (new TextEncoder().encode(payload).length > EPC_MAX_BYTES) issues.push({ line: 0, rule: 'payloadTooLong' })
  if (payload.endsWith('\n')) issues.push({ line: 0, rule: 'trailingSeparator' })
  const lines = payload.split(/\r?\n/)
  const [tag, version, charset, identification, bic = '', name = '', iban = '', amount = '', purpose = '', structured = '', text = '', info = ''] = lines
  if (lines.length < 7 || lines.length > 12) issues.push({ line: 0, rule: 'lineCount' })
  if (tag !== 'BCD') issues.push({ line: 1, rule: 'serviceTag' })
  if (version !== '001' && version !== '002') issues.push({ line: 2, rule: 'version' })
  if (!/^[1-8]$/.test(charset ?? '')) issues.push({ line: 3, rule: 'characterSet' })
  if (identification !== 'SCT') issues.push({ line: 4, rule: 'identification' })
  if (bic === '' ? version !== '002' : !(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/.test(bic) && isValidBIC(bic))) issues.push({ line: 5, rule: 'bic' })
  if (name.length < 1 || name.length > 70) issues.push({ line: 6, rule: 'name' })
  if (iban.length > 34 || !isValidIBAN(iban)) issues.push({ line: 7, rule: 'iban' })
  if (amount !== '') {
    const match = /^EUR(\d{1,9})(\.\d{1,2})?$/.exec(amount)
    const value = match ? Number(`${match[1]}${match[2] ?? ''}`) : 0
    if (!match || value < 0.01 || value > 999_999_999.99) issues.push({ line: 8, rule: 'amount' })
  }
  if (purpose !== '' && !/^[A-Z0-9]{4}$/.test(purpose)) issues.push({ line: 9, rule: 'purpose' })
  if (structured !== '' && text !== '') issues.push({ line: 10, rule: 'oneRemittanceOnly' })
  if (structured.length > 35) issues.push({ line: 10, rule: 'structuredReference' })
  if (text.length > 140) issues.push({ line: 11, rule: 'remittanceText' })
  if (info.length > 70) issues.push({ line: 12, rule: 'information' })
  return issues
}
