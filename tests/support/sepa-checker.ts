import { XMLParser } from 'fast-xml-parser'
import { isValidIBAN } from 'ibantools'
import { readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { compiledSchema } from '../../packages/server/src/extraction/einvoice/schema/compiled-schemas'

// Two independent checks of a pain.001 file the portal wrote (docs/payments.md):
// 1. our own XSD of the message subset, written from the ISO 20022 message definition (tests/fixtures/payments),
//    validated by libxml2 (libxml2-wasm, through the server's e-invoice schema cache: compiled once, each schema parsed once);
// 2. a strict checker written from the EPC's SEPA credit transfer implementation guidelines: the Latin character set,
//    the lengths, IBAN check digits, BIC shape, amounts of at most two decimals within EUR 0.01–999,999,999.99, the
//    service level SEPA, charges SLEV, and the counts and control sums adding up (in cents).

/** The name the file is given to libxml2, which its messages start with (`run.xml:12: Element …`). */
const FILE_NAME = 'run.xml'

/**
 * Validates a file against our XSD of its version; answers libxml2's errors, `run.xml:<line>: <message>` (empty when
 * valid). With `PAIN001_XSD_DIR` set (a folder holding `pain.001.001.09.xsd` and `pain.001.001.03.xsd`, the official
 * schemas or the EPC's, downloaded by whoever runs the tests: the repository cannot ship them, docs/payments.md), the
 * file must pass that schema too, and a missing schema there is an error.
 */
export async function xsdErrors(xml: string, version: '09' | '03'): Promise<string[]> {
  const schemas = [fileURLToPath(new URL(`../fixtures/payments/portal-pain.001.001.${version}-subset.xsd`, import.meta.url))]
  const official = process.env.PAIN001_XSD_DIR
  if (official) schemas.push(join(official, `pain.001.001.${version}.xsd`))
  const errors: string[] = []
  for (const path of schemas) {
    // The server's cache of libxml2 (compiled-schemas.ts): compiled once per process, each schema parsed once, by name.
    const { libxml2, validator } = await compiledSchema({ name: path, files: [{ fileName: basename(path), contents: readFileSync(path, 'utf8') }] })
    let document
    try {
      // Nothing from the network, no external entities: the file is ours, the rule is the server's (check-schema.ts).
      document = libxml2.XmlDocument.fromString(xml, { url: FILE_NAME, option: libxml2.ParseOption.XML_PARSE_NONET | libxml2.ParseOption.XML_PARSE_NO_XXE })
      validator.validate(document)
    } catch (error) {
      if (!(error instanceof libxml2.XmlLibError)) throw error
      const details = error.details.filter((detail) => detail.message.trim() !== '')
      errors.push(...(details.length > 0 ? details.map((detail) => `${detail.file ?? FILE_NAME}:${detail.line}: ${detail.message.trim()}`) : [error.message]))
    } finally {
      document?.dispose()
    }
  }
  return errors
}

/** A parsed XML element: its children by name (a repeated one as a list), text as `#text`, attributes as `@_name`. */
interface XNode {
  readonly [name: string]: XNode
}

const LATIN = /^[A-Za-z0-9/\-?:().,'+ ]*$/
const ID = /^([A-Za-z0-9]|[+|?/\-:().,'](?!\/))*$/
const BIC = /^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/
const AMOUNT = /^\d{1,9}\.\d{1,2}$/
const list = (value: XNode | undefined): XNode[] => (value === undefined ? [] : Array.isArray(value) ? (value as XNode[]) : [value])
const cents = (amount: string) => Math.round(Number(amount.split('.')[0]) * 100 + Number((amount.split('.')[1] ?? '0').padEnd(2, '0')))

/** The EPC rules one file breaks, each as `path: rule` (empty when it keeps them all). */
export function epcIssues(xml: string): string[] {
  const issues: string[] = []
  const doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false, trimValues: false }).parse(xml) as XNode
  const root = doc.Document?.CstmrCdtTrfInitn
  if (!root) return ['Document/CstmrCdtTrfInitn: missing']
  const text = (path: string, value: unknown, max: number, pattern = LATIN) => {
    const string = String(value ?? '')
    if (string.length === 0 || string.length > max) issues.push(`${path}: length ${string.length} (1-${max})`)
    if (!pattern.test(string)) issues.push(`${path}: characters outside the EPC set`)
    if (pattern === ID && (string.startsWith('/') || string.endsWith('/') || string.includes('//'))) issues.push(`${path}: slash rule`)
  }
  const iban = (path: string, value: unknown) => {
    if (!isValidIBAN(String(value ?? ''))) issues.push(`${path}: invalid IBAN`)
  }
  const agent = (path: string, value: XNode | undefined) => {
    const bic = value?.FinInstnId?.BICFI ?? value?.FinInstnId?.BIC
    if (bic !== undefined && !BIC.test(String(bic))) issues.push(`${path}: invalid BIC`)
    if (bic === undefined && String(value?.FinInstnId?.Othr?.Id) !== 'NOTPROVIDED') issues.push(`${path}: neither BIC nor NOTPROVIDED`)
  }
  const header = root.GrpHdr
  text('GrpHdr/MsgId', header?.MsgId, 35, ID)
  text('GrpHdr/InitgPty/Nm', header?.InitgPty?.Nm, 70)
  let allCents = 0
  let allCount = 0
  for (const [index, info] of list(root.PmtInf).entries()) {
    const at = `PmtInf[${index}]`
    text(`${at}/PmtInfId`, info.PmtInfId, 35, ID)
    if (String(info.PmtMtd) !== 'TRF') issues.push(`${at}/PmtMtd: not TRF`)
    if (String(info.PmtTpInf?.SvcLvl?.Cd) !== 'SEPA') issues.push(`${at}/SvcLvl: not SEPA`)
    if (info.ChrgBr !== undefined && String(info.ChrgBr) !== 'SLEV') issues.push(`${at}/ChrgBr: not SLEV`)
    const date = String(info.ReqdExctnDt?.Dt ?? info.ReqdExctnDt)
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) issues.push(`${at}/ReqdExctnDt: not a date`)
    text(`${at}/Dbtr/Nm`, info.Dbtr?.Nm, 70)
    iban(`${at}/DbtrAcct`, info.DbtrAcct?.Id?.IBAN)
    agent(`${at}/DbtrAgt`, info.DbtrAgt)
    let infoCents = 0
    const transfers = list(info.CdtTrfTxInf)
    for (const [n, transfer] of transfers.entries()) {
      const path = `${at}/CdtTrfTxInf[${n}]`
      text(`${path}/EndToEndId`, transfer.PmtId?.EndToEndId, 35, ID)
      const amount = transfer.Amt?.InstdAmt
      const value = String(amount?.['#text'] ?? '')
      if (String(amount?.['@_Ccy']) !== 'EUR') issues.push(`${path}/InstdAmt: currency not EUR`)
      if (!AMOUNT.test(value) || cents(value) < 1) issues.push(`${path}/InstdAmt: amount ${value} outside 0.01-999999999.99`)
      infoCents += cents(value)
      text(`${path}/Cdtr/Nm`, transfer.Cdtr?.Nm, 70)
      iban(`${path}/CdtrAcct`, transfer.CdtrAcct?.Id?.IBAN)
      if (transfer.CdtrAgt !== undefined) agent(`${path}/CdtrAgt`, transfer.CdtrAgt)
      text(`${path}/RmtInf/Ustrd`, transfer.RmtInf?.Ustrd, 140)
    }
    if (Number(info.NbOfTxs) !== transfers.length) issues.push(`${at}/NbOfTxs: ${info.NbOfTxs} for ${transfers.length}`)
    if (info.CtrlSum !== undefined && cents(String(info.CtrlSum)) !== infoCents) issues.push(`${at}/CtrlSum: ${info.CtrlSum} is not the sum`)
    allCents += infoCents
    allCount += transfers.length
  }
  if (Number(header?.NbOfTxs) !== allCount) issues.push(`GrpHdr/NbOfTxs: ${header?.NbOfTxs} for ${allCount}`)
  if (header?.CtrlSum !== undefined && cents(String(header.CtrlSum)) !== allCents) issues.push('GrpHdr/CtrlSum: not the sum')
  return issues
}

/** The transfers of a file as a bank statement books them (for a CAMT.053 built from the run). */
export function transfersOf(xml: string): { endToEndId: string; amountCents: number; name: string; iban: string; remittance: string; date: string }[] {
  const doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(xml) as XNode
  return list(doc.Document.CstmrCdtTrfInitn.PmtInf).flatMap((info: XNode) =>
    list(info.CdtTrfTxInf).map((transfer: XNode) => ({
      endToEndId: String(transfer.PmtId.EndToEndId),
      amountCents: cents(String(transfer.Amt.InstdAmt['#text'])),
      name: String(transfer.Cdtr.Nm),
      iban: String(transfer.CdtrAcct.Id.IBAN),
      remittance: String(transfer.RmtInf.Ustrd),
      date: String(info.ReqdExctnDt?.Dt ?? info.ReqdExctnDt),
    })),
  )
}
