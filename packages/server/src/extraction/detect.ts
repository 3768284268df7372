import { FileKind, MimeType } from '@portal/sdk/domain'
import { fileTypeFromBuffer } from 'file-type'

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte)
}

/** Readers accept the PDF header after some junk bytes (a mail or HTTP header left in front), within the first kilobyte. */
const PDF_HEADER_WINDOW = 1024

/**
 * Whether a file is a PDF by its structure, not by a marker somewhere in it: the header `%PDF-` at the start, or
 * after a little junk within the first kilobyte as readers allow, but never in a file whose first bytes make it
 * another known format (file-type) — a ZIP that stores a PDF, an executable carrying one. Whether a PDF really is
 * one is then decided by opening it with the PDF library (inspect.ts).
 */
async function isPdf(bytes: Uint8Array): Promise<boolean> {
  const at = Buffer.from(bytes.subarray(0, PDF_HEADER_WINDOW)).toString('latin1').indexOf('%PDF-')
  if (at <= 0) return at === 0
  const startsAs = await fileTypeFromBuffer(bytes)
  return startsAs === undefined || startsAs.mime === MimeType.pdf
}

/** Root element of an XML document: its local name and the namespace it is bound to. */
export interface XmlRoot {
  localName: string
  namespace: string
}

/** Reads the root element of an XML text without parsing the whole document; null if it is not XML. */
export function readXmlRoot(bytes: Uint8Array): XmlRoot | null {
  let text = Buffer.from(bytes.subarray(0, 64 * 1024)).toString('utf8')
  text = text.replace(/^\uFEFF/, '')
  if (!/^\s*</.test(text)) return null
  // Skip the declaration, processing instructions, comments and a doctype before the root element.
  const stripped = text.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>/g, '')
  const match = /<([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)([^>]*)>/.exec(stripped)
  if (!match) return null
  const [prefix, localName] = match[1].includes(':') ? match[1].split(':') : ['', match[1]]
  const attribute = prefix ? `xmlns:${prefix}` : 'xmlns'
  const ns = new RegExp(`${attribute}\\s*=\\s*["']([^"']*)["']`).exec(match[2])
  return { localName, namespace: ns ? ns[1] : '' }
}

const DOCTYPE_MARKS = [Buffer.from('<!DOCTYPE'), Buffer.from('<!doctype'), Buffer.from('<!ENTITY')]

/**
 * Whether XML bytes declare a DOCTYPE or an entity anywhere. E-invoices never need one, and a parser that
 * honours it can be made to expand entities (billion laughs) or reach for external ones, so such files are
 * refused whole; searched on the bytes, so a large file is not decoded to find it.
 */
export function hasDoctype(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  return DOCTYPE_MARKS.some((mark) => buffer.includes(mark))
}

/** Which e-invoice syntax an XML root stands for, or null for other XML. */
export function eInvoiceKind(root: XmlRoot): FileKind | null {
  if (root.namespace.includes('ebinterface.at/schema')) return FileKind.xmlEbInterface
  if (root.localName === 'CrossIndustryInvoice' || root.localName === 'CrossIndustryDocument') return FileKind.xmlCii
  // The ZUGFeRD 1.0 release candidate used a plain Invoice root in a UN/CEFACT namespace.
  if (root.localName === 'Invoice' && root.namespace.startsWith('urn:un:unece:uncefact:data:standard:')) return FileKind.xmlCii
  if (
    (root.localName === 'Invoice' || root.localName === 'CreditNote') &&
    root.namespace.startsWith('urn:oasis:names:specification:ubl:schema:xsd:')
  ) {
    return FileKind.xmlUbl
  }
  return null
}

/** Recognises a file by its content (magic bytes, structure, XML root), never by its name; null when unsupported. */
export async function detectFileKind(bytes: Uint8Array): Promise<FileKind | null> {
  if (bytes.length === 0) return null
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff'
  if (await isPdf(bytes)) return 'pdf'
  const root = readXmlRoot(bytes)
  return root ? eInvoiceKind(root) : null
}
