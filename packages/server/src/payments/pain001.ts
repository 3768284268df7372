import { formatCents, sepaText, SEPA_NAME_MAX, SEPA_REMITTANCE_MAX, type PainVersion } from '@portal/sdk/domain'

/**
 * The SEPA credit transfer initiation (pain.001.001.09 and .03) as a library: it knows nothing of the database, gets
 * every value it writes (the creation time too) and so writes the same bytes for the same input. Written from the
 * ISO 20022 message definition and the EPC's SEPA credit transfer implementation guidelines (docs/payments.md).
 */

/** One credit transfer. */
export interface PainTransfer {
  endToEndId: string
  amountCents: number
  creditorName: string
  creditorIban: string
  creditorBic?: string | null
  remittance: string
}

/** What one file says: who pays from which account on which day, and the transfers. */
export interface PainMessage {
  version: PainVersion
  messageId: string
  /** ISO date-time without zone offset, e.g. 2026-03-02T10:15:00 (the file keeps it; a download repeats it). */
  createdAt: string
  initiatingParty: string
  paymentInfoId: string
  executionDate: string
  debtorName: string
  debtorIban: string
  debtorBic?: string | null
  transfers: readonly PainTransfer[]
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')
const id35 = (text: string) => sepaText(text, 35).replace(/ /g, '') || 'NOTPROVIDED'

/** The pain.001 file of a message: UTF-8 XML, the amounts written from cents, the control sums added in integers. */
export function writePain001(message: PainMessage): string {
  const v09 = message.version === 'pain.001.001.09'
  const bicTag = v09 ? 'BICFI' : 'BIC'
  const agent = (bic: string | null | undefined) =>
    bic ? `<FinInstnId><${bicTag}>${escape(bic.toUpperCase())}</${bicTag}></FinInstnId>` : '<FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId>'
  const totalCents = message.transfers.reduce((sum, transfer) => sum + transfer.amountCents, 0)
  const count = message.transfers.length
  const transfers = message.transfers.map(
    (transfer) =>
      `      <CdtTrfTxInf>
        <PmtId><InstrId>${escape(id35(transfer.endToEndId))}</InstrId><EndToEndId>${escape(id35(transfer.endToEndId))}</EndToEndId></PmtId>
        <Amt><InstdAmt Ccy="EUR">${formatCents(transfer.amountCents)}</InstdAmt></Amt>
${transfer.creditorBic ? `        <CdtrAgt>${agent(transfer.creditorBic)}</CdtrAgt>\n` : ''}        <Cdtr><Nm>${escape(sepaText(transfer.creditorName, SEPA_NAME_MAX) || 'NOTPROVIDED')}</Nm></Cdtr>
        <CdtrAcct><Id><IBAN>${escape(transfer.creditorIban)}</IBAN></Id></CdtrAcct>
        <RmtInf><Ustrd>${escape(sepaText(transfer.remittance, SEPA_REMITTANCE_MAX) || 'NOTPROVIDED')}</Ustrd></RmtInf>
      </CdtTrfTxInf>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:${message.version}">
  <CstmrCdtTrfInitn>
    <GrpHdr>
      <MsgId>${escape(id35(message.messageId))}</MsgId>
      <CreDtTm>${message.createdAt}</CreDtTm>
      <NbOfTxs>${count}</NbOfTxs>
      <CtrlSum>${formatCents(totalCents)}</CtrlSum>
      <InitgPty><Nm>${escape(sepaText(message.initiatingParty, SEPA_NAME_MAX))}</Nm></InitgPty>
    </GrpHdr>
    <PmtInf>
      <PmtInfId>${escape(id35(message.paymentInfoId))}</PmtInfId>
      <PmtMtd>TRF</PmtMtd>
      <BtchBookg>true</BtchBookg>
      <NbOfTxs>${count}</NbOfTxs>
      <CtrlSum>${formatCents(totalCents)}</CtrlSum>
      <PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>
      <ReqdExctnDt>${v09 ? `<Dt>${message.executionDate}</Dt>` : message.executionDate}</ReqdExctnDt>
      <Dbtr><Nm>${escape(sepaText(message.debtorName, SEPA_NAME_MAX))}</Nm></Dbtr>
      <DbtrAcct><Id><IBAN>${escape(message.debtorIban)}</IBAN></Id></DbtrAcct>
      <DbtrAgt>${agent(message.debtorBic)}</DbtrAgt>
      <ChrgBr>SLEV</ChrgBr>
${transfers.join('\n')}
    </PmtInf>
  </CstmrCdtTrfInitn>
</Document>
`
}
