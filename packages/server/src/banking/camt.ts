import { MAX_XML_DEPTH, readXml, safeXmlParser, XmlRefusedError } from '../xml/read-xml'
import { amountProblem, amountUnits, movedUnits } from './amounts'
import { BankFileError, type ParsedEntry, type ParsedStatement } from './types'

type Node = Record<string, unknown>

/**
 * The elements ISO 20022 camt.053 (bank-to-customer statement) and camt.054 (debit/credit notification), versions 02–08,
 * allow at the levels we read. A name outside them is a file of another kind or a broken one, refused rather than half
 * read; below these levels banks vary and we read what we know.
 */
const ALLOWED: Record<string, ReadonlySet<string>> = {
  Document: new Set(['BkToCstmrStmt', 'BkToCstmrDbtCdtNtfctn']),
  BkToCstmrStmt: new Set(['GrpHdr', 'Stmt', 'SplmtryData']),
  BkToCstmrDbtCdtNtfctn: new Set(['GrpHdr', 'Ntfctn', 'SplmtryData']),
  Stmt: new Set(['Id', 'StmtPgntn', 'ElctrncSeqNb', 'RptgSeq', 'LglSeqNb', 'CreDtTm', 'FrToDt', 'CpyDplctInd', 'RptgSrc', 'Acct', 'RltdAcct', 'Intrst', 'Bal', 'TxsSummry', 'Ntry', 'AddtlStmtInf']),
  Ntfctn: new Set(['Id', 'NtfctnPgntn', 'ElctrncSeqNb', 'RptgSeq', 'LglSeqNb', 'CreDtTm', 'FrToDt', 'CpyDplctInd', 'RptgSrc', 'Acct', 'RltdAcct', 'Intrst', 'TxsSummry', 'Ntry', 'AddtlNtfctnInf']),
  Bal: new Set(['Tp', 'CdtLine', 'Amt', 'CdtDbtInd', 'Dt', 'Avlbty']),
  Ntry: new Set(['NtryRef', 'Amt', 'CdtDbtInd', 'RvslInd', 'Sts', 'BookgDt', 'ValDt', 'AcctSvcrRef', 'Avlbty', 'BkTxCd', 'ComssnWvrInd', 'AddtlInfInd', 'AmtDtls', 'Chrgs', 'TechInptChanl', 'Intrst', 'CardTx', 'NtryDtls', 'AddtlNtryInf']),
  NtryDtls: new Set(['Btch', 'TxDtls']),
  TxDtls: new Set(['Refs', 'Amt', 'CdtDbtInd', 'AmtDtls', 'Avlbty', 'BkTxCd', 'Chrgs', 'Intrst', 'RltdPties', 'RltdAgts', 'LclInstrm', 'Purp', 'RltdRmtInf', 'RmtInf', 'RltdDts', 'RltdPric', 'RltdQties', 'FinInstrmId', 'Tax', 'RtrInf', 'CorpActn', 'SfkpgAcct', 'CshDpst', 'CardTx', 'AddtlTxInf', 'SplmtryData']),
}

const parser = safeXmlParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) => ['Stmt', 'Ntfctn', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd'].includes(name),
})

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value])
const text = (value: unknown): string | null => {
  if (value === undefined || value === null) return null
  if (typeof value === 'object') {
    const inner = (value as Node)['#text']
    return inner === undefined ? null : String(inner).trim()
  }
  const trimmed = String(value).trim()
  return trimmed === '' ? null : trimmed
}
const at = (node: unknown, ...path: string[]): unknown => path.reduce<unknown>((current, key) => (current && typeof current === 'object' ? (current as Node)[key] : undefined), node)
const date = (node: unknown): string | null => text(at(node, 'Dt'))?.slice(0, 10) ?? text(at(node, 'DtTm'))?.slice(0, 10) ?? null

function checkTags(node: unknown, level: string, statement: string): void {
  const allowed = ALLOWED[level]
  if (!allowed || !node || typeof node !== 'object') return
  for (const key of Object.keys(node as Node)) {
    if (key.startsWith('@') || key === '#text') continue
    if (!allowed.has(key)) throw new BankFileError('unknownTag', { statement, detail: `<${key}> in <${level}>` })
  }
}

/** Exact units of an element's amount (`element` names it in a refusal: "Ntry/Amt", "TxDtls/Amt"); NaN when it has none. */
function unitsOf(raw: string | null, statement: string, element: string): number {
  if (raw === null) return Number.NaN
  const units = amountUnits(raw)
  if (Number.isNaN(units)) throw new BankFileError('amount', { statement, detail: element, value: raw, expected: amountProblem(raw) })
  return units
}

/** The signed exact amount of a balance or entry; a missing one is refused naming the element. */
function money(node: unknown, statement: string, what: string): number {
  const units = unitsOf(text(at(node, 'Amt')), statement, `${what}/Amt`)
  if (Number.isNaN(units)) throw new BankFileError('missing', { statement, detail: `${what}/Amt` })
  return text(at(node, 'CdtDbtInd')) === 'DBIT' ? -units : units
}

function balanceOf(balances: Node[], codes: string[], statement: string): { units: number; date: string } | undefined {
  const balance = balances.find((bal) => codes.includes(text(at(bal, 'Tp', 'CdOrPrtry', 'Cd')) ?? text(at(bal, 'Tp', 'CdOrPrtry', 'Prtry')) ?? ''))
  return balance ? { units: money(balance, statement, 'Bal'), date: date(at(balance, 'Dt')) ?? '' } : undefined
}

/** The counterparty of a movement: the debtor of money received, the creditor of money paid. */
function counterparty(details: unknown, credit: boolean): { name: string | null; iban: string | null } {
  const parties = at(details, 'RltdPties')
  const role = credit ? 'Dbtr' : 'Cdtr'
  const name = text(at(parties, role, 'Nm')) ?? text(at(parties, role, 'Pty', 'Nm')) ?? text(at(parties, `Ultmt${role}`, 'Nm'))
  const iban = text(at(parties, `${role}Acct`, 'Id', 'IBAN'))
  return { name, iban }
}

function entryOf(ntry: Node, details: Node | undefined, amount: number, statement: string, batch: ParsedEntry['batch']): ParsedEntry {
  const credit = amount > 0
  const party = counterparty(details, credit)
  const remittance = at(details, 'RmtInf')
  const unstructured = asArray(at(remittance, 'Ustrd') as unknown[] | undefined).map(text).filter((line): line is string => line !== null)
  const structured = asArray(at(remittance, 'Strd') as unknown[] | undefined)
  const reference = structured.map((strd) => text(at(strd, 'CdtrRefInf', 'Ref'))).find((ref) => ref !== null) ?? null
  const additional = structured.map((strd) => text(at(strd, 'AddtlRmtInf'))).filter((line): line is string => line !== null)
  const returnInfo = at(details, 'RtrInf')
  const bookingDate = date(at(ntry, 'BookgDt'))
  if (!bookingDate) throw new BankFileError('missing', { statement, detail: 'Ntry: BookgDt' })
  return {
    bookingDate,
    valueDate: date(at(ntry, 'ValDt')) ?? bookingDate,
    amountUnits: amount,
    currency: String(at(ntry, 'Amt', '@Ccy') ?? ''),
    isReturn: text(at(ntry, 'RvslInd')) === 'true' || returnInfo !== undefined,
    returnReason: text(at(returnInfo, 'Rsn', 'Cd')) ?? text(at(returnInfo, 'AddtlInf')),
    bankReference: text(at(details, 'Refs', 'AcctSvcrRef')) ?? text(at(ntry, 'AcctSvcrRef')),
    endToEndId: ((id) => (id === 'NOTPROVIDED' ? null : id))(text(at(details, 'Refs', 'EndToEndId'))),
    mandateId: text(at(details, 'Refs', 'MndtId')),
    counterpartyName: party.name,
    counterpartyIban: party.iban,
    remittance: [...unstructured, ...additional].join(' '),
    structuredReference: reference,
    bookingText: text(at(ntry, 'AddtlNtryInf')) ?? text(at(details, 'AddtlTxInf')),
    batch,
  }
}

function entriesOf(ntry: Node, statement: string): ParsedEntry[] {
  checkTags(ntry, 'Ntry', statement)
  const status = text(at(ntry, 'Sts')) ?? text(at(ntry, 'Sts', 'Cd'))
  if (status && status !== 'BOOK') return [] // pending and information entries move no balance
  const amount = money(ntry, statement, 'Ntry')
  const entryDetails = asArray(at(ntry, 'NtryDtls') as Node[] | undefined)
  entryDetails.forEach((node) => checkTags(node, 'NtryDtls', statement))
  const transactions = entryDetails.flatMap((node) => asArray(at(node, 'TxDtls') as Node[] | undefined))
  transactions.forEach((node) => checkTags(node, 'TxDtls', statement))
  // A collective booking (Sammelbuchung): several transactions, or a batch count of more than one with the total only.
  const reference = text(at(ntry, 'AcctSvcrRef'))
  const declared = Math.max(0, ...entryDetails.map((node) => Number(text(at(node, 'Btch', 'NbOfTxs')) ?? 0)))
  if (transactions.length > 1) {
    // One part per transaction when the parts carry amounts that add up to the entry.
    const sign = amount < 0 ? -1 : 1
    const parts = transactions.map((tx) => unitsOf(text(at(tx, 'AmtDtls', 'TxAmt', 'Amt')) ?? text(at(tx, 'Amt')), statement, 'TxDtls/Amt'))
    if (parts.every((part) => !Number.isNaN(part)) && parts.reduce((a, b) => a + b, 0) === Math.abs(amount)) {
      const batch = { reference, count: transactions.length, totalUnits: amount }
      return transactions.map((tx, index) => entryOf(ntry, tx, sign * parts[index], statement, batch))
    }
    return [entryOf(ntry, transactions[0], amount, statement, { reference, count: Math.max(declared, transactions.length), totalUnits: null })]
  }
  return [entryOf(ntry, transactions[0], amount, statement, declared > 1 ? { reference, count: declared, totalUnits: null } : null)]
}

/** The file's XML tree; a DOCTYPE, nesting deeper than any statement or XML that is not well-formed refused by name. */
function readStatementXml(xml: string): Node {
  try {
    return readXml(parser, xml) as Node
  } catch (error) {
    if (!(error instanceof XmlRefusedError)) throw error
    if (error.rule === 'doctype') throw new BankFileError('xmlDoctype', { detail: error.detail })
    if (error.rule === 'tooDeep') throw new BankFileError('xmlTooDeep', { detail: error.detail, max: MAX_XML_DEPTH })
    const truncated = /unclosed|closing tag|end of/i.test(error.detail) || (error.line ?? 0) >= xml.split('\n').length
    throw new BankFileError(truncated ? 'truncated' : 'unreadable', { detail: error.detail, line: error.line })
  }
}

/** The ISO 20022 message a namespace names ("camt.053.001.08" → "camt.053"), or null for none. */
const messageOf = (namespace: string): string | null => /camt\.\d{3}/.exec(namespace)?.[0] ?? null

/**
 * Reads an ISO 20022 camt.053 bank-to-customer statement (one or more statements) or camt.054 debit/credit
 * notification (one or more notifications: the single items of collective bookings, without balances).
 */
export function parseCamt(xml: string): ParsedStatement[] {
  const root = readStatementXml(xml)
  const document = root.Document
  if (!document || typeof document !== 'object') throw new BankFileError('format', { detail: 'no <Document>' })
  const namespace = String((document as Node)['@xmlns'] ?? '')
  const message = messageOf(namespace)
  // camt.052 (account report, BkToCstmrAcctRpt) lists intraday movements the bank has not booked yet.
  if (message === 'camt.052' || Object.keys(document).some((key) => key.startsWith('BkToCstmrAcctRpt'))) throw new BankFileError('interim', { detail: 'camt.052' })
  if (namespace && message !== 'camt.053' && message !== 'camt.054') throw new BankFileError('format', { detail: namespace })
  checkTags(document, 'Document', '')
  const notification = (document as Node).BkToCstmrDbtCdtNtfctn !== undefined
  const report = notification ? (document as Node).BkToCstmrDbtCdtNtfctn : (document as Node).BkToCstmrStmt
  checkTags(report, notification ? 'BkToCstmrDbtCdtNtfctn' : 'BkToCstmrStmt', '')
  const level = notification ? 'Ntfctn' : 'Stmt'
  const statements = asArray(at(report, level) as Node[] | undefined)
  if (statements.length === 0) throw new BankFileError('missing', { detail: level })
  return statements.map((stmt) => {
    const statementId = text(stmt.Id) ?? text(stmt.ElctrncSeqNb) ?? '?'
    checkTags(stmt, level, statementId)
    const account = text(at(stmt, 'Acct', 'Id', 'IBAN')) ?? text(at(stmt, 'Acct', 'Id', 'Othr', 'Id'))
    if (!account) throw new BankFileError('missing', { statement: statementId, detail: `${level}/Acct` })
    const entries = asArray(stmt.Ntry as Node[] | undefined).flatMap((ntry) => entriesOf(ntry, statementId))
    const currency = text(at(stmt, 'Acct', 'Ccy'))
    if (notification) {
      const first = entries[0]?.bookingDate ?? ''
      return { format: 'camt054' as const, statementId, account: account.replace(/\s+/g, '').toUpperCase(), currency: currency ?? entries[0]?.currency ?? 'EUR', openingUnits: 0, openingDate: first, closingUnits: movedUnits(entries), closingDate: entries.at(-1)?.bookingDate ?? first, hasBalances: false, entries }
    }
    const balances = asArray(stmt.Bal as Node[] | undefined)
    balances.forEach((bal) => checkTags(bal, 'Bal', statementId))
    const opening = balanceOf(balances, ['OPBD', 'PRCD'], statementId)
    const closing = balanceOf(balances, ['CLBD'], statementId)
    if (!opening || !closing) throw new BankFileError('missing', { statement: statementId, detail: opening ? 'Bal CLBD' : 'Bal OPBD' })
    return {
      format: 'camt053' as const,
      statementId,
      account: account.replace(/\s+/g, '').toUpperCase(),
      currency: currency ?? String(at(balances[0], 'Amt', '@Ccy') ?? 'EUR'),
      openingUnits: opening.units,
      openingDate: opening.date,
      closingUnits: closing.units,
      closingDate: closing.date,
      hasBalances: true,
      entries,
    }
  })
}
