/** The kinds of file intake recognises by content (`file_kind`): PDF, images and structured e-invoices. */
export const FileKind = {
  pdf: 'pdf',
  jpeg: 'jpeg',
  png: 'png',
  tiff: 'tiff',
  xmlUbl: 'xml-ubl',
  xmlCii: 'xml-cii',
  xmlEbInterface: 'xml-ebinterface',
} as const

/** One file kind. */
export type FileKind = (typeof FileKind)[keyof typeof FileKind]

/** Every file kind. */
export const FILE_KINDS: readonly FileKind[] = Object.values(FileKind)

/** The file kinds that are images (one or more scanned pages). */
export const IMAGE_FILE_KINDS = [FileKind.jpeg, FileKind.png, FileKind.tiff] as const

/** The file kinds that are structured e-invoices (UBL/XRechnung, CII/ZUGFeRD, ebInterface). */
export const XML_FILE_KINDS = [FileKind.xmlUbl, FileKind.xmlCii, FileKind.xmlEbInterface] as const

/** The mime types documents are stored and served with: the one table of them. */
export const MimeType = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  tiff: 'image/tiff',
  xml: 'application/xml',
} as const

/** One document mime type. */
export type MimeType = (typeof MimeType)[keyof typeof MimeType]

/** True when the file kind is a structured e-invoice. */
export function isXmlFileKind(kind: string | null | undefined): boolean {
  return (XML_FILE_KINDS as readonly string[]).includes(kind ?? '')
}

/** The mime type each file kind is stored and served with (every e-invoice syntax is application/xml). */
export const MIME_OF_FILE_KIND = {
  [FileKind.pdf]: MimeType.pdf,
  [FileKind.jpeg]: MimeType.jpeg,
  [FileKind.png]: MimeType.png,
  [FileKind.tiff]: MimeType.tiff,
  [FileKind.xmlUbl]: MimeType.xml,
  [FileKind.xmlCii]: MimeType.xml,
  [FileKind.xmlEbInterface]: MimeType.xml,
} as const satisfies Record<FileKind, MimeType>

/** The mime type a file of this kind is stored and served with. */
export function mimeOfFileKind(kind: FileKind): MimeType {
  return MIME_OF_FILE_KIND[kind]
}

/** True for XML mime types (application/xml, text/xml, application/…+xml). */
export function isXmlMime(mime: string): boolean {
  return /[/+]xml\b/i.test(mime)
}

/** Images a browser shows by itself; other images (TIFF) are drawn page by page by the server. */
export const BROWSER_IMAGE_MIMES: readonly MimeType[] = [MimeType.png, MimeType.jpeg]
