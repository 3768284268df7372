/** A movement of a generated CAMT.053 statement (credits positive). */
export interface CamtEntry {
  amountCents: number
  date: string
  remittance: string
  name?: string
  iban?: string
  endToEndId?: string
  reference?: string
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const amount = (cents: number) => (Math.abs(cents) / 100).toFixed(2)
const side = (cents: number) => (cents < 0 ? 'DBIT' : 'CRDT')

/** A camt.053.001.02 statement of one account whose closing balance is opening plus the entries (the demo seed, tests and bench). */
export function camtStatement(props: { iban: string; statementId: string; openingCents: number; entries: CamtEntry[]; closingCents?: number }): string {
  const closing = props.closingCents ?? props.openingCents + props.entries.reduce((sum, entry) => sum + entry.amountCents, 0)
  const first = props.entries[0]?.date ?? '2026-03-02'
  const last = props.entries.at(-1)?.date ?? first
  const entries = props.entries.map((entry, index) => {
    const party = entry.amountCents < 0 ? 'Cdtr' : 'Dbtr'
    return `<Ntry><Amt Ccy="EUR">${amount(entry.amountCents)}</Amt><CdtDbtInd>${side(entry.amountCents)}</CdtDbtInd><Sts>BOOK</Sts>
<BookgDt><Dt>${entry.date}</Dt></BookgDt><ValDt><Dt>${entry.date}</Dt></ValDt><AcctSvcrRef>${props.statementId}-${index + 1}</AcctSvcrRef>
<NtryDtls><TxDtls><Refs><EndToEndId>${xml(entry.endToEndId ?? 'NOTPROVIDED')}</EndToEndId></Refs>
<RltdPties><${party}><Nm>${xml(entry.name ?? 'Unknown')}</Nm></${party}>${entry.iban ? `<${party}Acct><Id><IBAN>${entry.iban}</IBAN></Id></${party}Acct>` : ''}</RltdPties>
<RmtInf>${entry.reference ? `<Strd><CdtrRefInf><Ref>${xml(entry.reference)}</Ref></CdtrRefInf></Strd>` : `<Ustrd>${xml(entry.remittance)}</Ustrd>`}</RmtInf></TxDtls></NtryDtls></Ntry>`
  })
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>${props.statementId}</MsgId><CreDtTm>${last}T06:00:00</CreDtTm></GrpHdr>
<Stmt><Id>${props.statementId}</Id><Acct><Id><IBAN>${props.iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>
<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amount(props.openingCents)}</Amt><CdtDbtInd>${side(props.openingCents)}</CdtDbtInd><Dt><Dt>${first}</Dt></Dt></Bal>
<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amount(closing)}</Amt><CdtDbtInd>${side(closing)}</CdtDbtInd><Dt><Dt>${last}</Dt></Dt></Bal>
${entries.join('\n')}
</Stmt></BkToCstmrStmt></Document>
`
}
