import { Readable } from 'node:stream'
import { DocumentKind, FileKind, UploadType } from '@portal/sdk/domain'
import { commitDocument } from '../commands/intakeDocument'
import { documentStore } from '../documents/runtime'
import { demoVoucher } from './seed-demo-ledger-files'
import { demoVoucherPdf } from './seed-demo-ledger-pdf'
import { daysAgo, type DemoScreenContext } from './seed-demo-context'

/** Incoming invoices of the last days waiting to be reviewed: supplier, expense account, tax code, net, days ago, number. */
const WAITING = [
  { account: 330004, counter: 5000, rate: 10, netCents: 1_874_20, days: 3, number: 'MCC-2611-48213', discount: 3 },
  { account: 330001, counter: 7380, rate: 20, netCents: 89_00, days: 5, number: 'A1-7715290341', discount: null },
  { account: 330006, counter: 7200, rate: 20, netCents: 642_50, days: 8, number: 'LTC-26-00981', discount: null },
]

/**
 * A few incoming invoices of Alpenblick (the admin's favourite company) waiting in "incoming open" (issue 38):
 * committed as an upload is, with the extraction job that reads them after the start as it reads any upload. The
 * upload's inspection of an unknown file is left out: these are the seed's own one-page PDFs, and inspecting them
 * would start the file thread during the first start (about 2 s on this machine).
 */
export async function seedDemoInbox(context: DemoScreenContext): Promise<void> {
  const { app, admin } = context
  const store = documentStore(app)
  for (const entry of WAITING) {
    const voucher = demoVoucher({ companyNo: 1001, type: DocumentKind.ER, account: entry.account, counter: entry.counter, rate: entry.rate, netCents: entry.netCents, date: daysAgo(context, entry.days), dueDays: 14, discount: entry.discount, number: entry.number })
    const { bytes } = await demoVoucherPdf(voucher)
    const staged = await store.stage(Readable.from([Buffer.from(bytes)]), bytes.byteLength)
    if (!staged) continue
    try {
      await commitDocument({ app, user: admin, companyNo: 1001, fileName: `Rechnung ${entry.number}.pdf`, staged, type: UploadType.er_u }, FileKind.pdf, 1)
    } finally {
      // Gone already when committed; otherwise nothing of it stays (as with an upload).
      await store.discard(staged)
    }
  }
}
