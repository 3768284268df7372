import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { eInvoiceKind, readXmlRoot } from '../detect'

interface Attachment {
  filename: string
  content: Uint8Array
}

function isAttachment(value: unknown): value is Attachment {
  return typeof value === 'object' && value !== null && 'content' in value && value.content instanceof Uint8Array
}

/** The e-invoice XML embedded in a ZUGFeRD / Factur-X / XRechnung PDF, if there is one. */
export async function findEmbeddedEInvoice(pdf: PDFDocumentProxy): Promise<Uint8Array | null> {
  const attachments: unknown = await pdf.getAttachments().catch(() => null)
  if (!attachments || typeof attachments !== 'object') return null
  // The content decides, not the attachment's name: any attached XML with an e-invoice root counts.
  const candidates = Object.values(attachments).filter(isAttachment)
  for (const attachment of candidates) {
    const root = readXmlRoot(attachment.content)
    if (root && eInvoiceKind(root)) return attachment.content
  }
  return null
}
