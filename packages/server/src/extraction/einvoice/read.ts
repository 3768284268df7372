import { FileKind } from '@portal/sdk/domain'
import { eInvoiceKind, readXmlRoot } from '../detect'
import { readCii } from './cii'
import { readEbInterface } from './ebinterface'
import type { EInvoiceData } from './types'
import { readUbl } from './ubl'
import { parseXml } from './xml-tree'

/** Reads any supported e-invoice XML (CII, UBL, ebInterface); null when it is not one or cannot be parsed. */
export function readEInvoiceXml(bytes: Uint8Array): EInvoiceData | null {
  const root = readXmlRoot(bytes)
  const kind = root ? eInvoiceKind(root) : null
  if (!kind) return null
  let tree
  try {
    tree = parseXml(Buffer.from(bytes).toString('utf8').replace(/^\uFEFF/, ''))
  } catch {
    return null
  }
  if (kind === FileKind.xmlCii) return readCii(tree)
  if (kind === FileKind.xmlUbl) return readUbl(tree)
  return readEbInterface(tree)
}
