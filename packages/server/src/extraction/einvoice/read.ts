import { FileKind } from '@portal/sdk/domain'
import { normalizeVatId } from '@portal/sdk/validators'
import { eInvoiceKind, readXmlRoot } from '../detect'
import { readCii } from './cii'
import { ebInterfaceVersion, readEbInterface } from './ebinterface'
import type { EInvoiceData } from './types'
import { readUbl } from './ubl'
import { parseXml, type XmlNode } from './xml-tree'

function readTree(kind: FileKind, tree: XmlNode, namespace: string): EInvoiceData {
  if (kind === FileKind.xmlCii) return readCii(tree)
  if (kind === FileKind.xmlUbl) return readUbl(tree)
  return readEbInterface(tree, ebInterfaceVersion(namespace))
}

/** A VAT id as the page's are kept ("DE 123 456 789" -> "DE123456789"); null when nothing is left. */
function vatIdOf(value: string | null): string | null {
  const normal = value ? normalizeVatId(value) : ''
  return normal === '' ? null : normal
}

/** Reads any supported e-invoice XML (CII, UBL, ebInterface); null when it is not one or cannot be parsed. */
export function readEInvoiceXml(bytes: Uint8Array): EInvoiceData | null {
  const root = readXmlRoot(bytes)
  const kind = root ? eInvoiceKind(root) : null
  if (!root || !kind) return null
  let tree
  try {
    tree = parseXml(Buffer.from(bytes).toString('utf8').replace(/^\uFEFF/, ''))
  } catch {
    return null
  }
  const data = readTree(kind, tree, root.namespace)
  data.seller_vat_id = vatIdOf(data.seller_vat_id)
  data.buyer_vat_id = vatIdOf(data.buyer_vat_id)
  return data
}
