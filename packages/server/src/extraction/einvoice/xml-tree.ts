import { readXml, safeXmlParser } from '../../xml/read-xml'

/** A parsed XML element: children by local name (always arrays), attributes as '@name', text as '#text'. */
export interface XmlNode {
  [key: string]: XmlNode[] | string | undefined
}

const parser = safeXmlParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  // Values stay strings: amounts must never pass through a float, ids keep leading zeros.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
  processEntities: true,
})

/**
 * Parses an XML document into a tree of XmlNode; throws XmlRefusedError on a DOCTYPE or entity declaration (an
 * e-invoice needs none), on nesting deeper than any e-invoice and on XML that is not well-formed (never half-read).
 */
export function parseXml(text: string): XmlNode {
  return readXml(parser, text) as XmlNode
}

/** Children of `node` with the given local name. */
export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  if (!node) return []
  const value = node[name]
  if (!Array.isArray(value)) return []
  // A leaf without attributes comes out as a bare string; wrap it so callers see one shape.
  return value.map((entry) => (typeof entry === 'string' ? { '#text': entry } : entry)) as XmlNode[]
}

/** The first node along a path of local names, or undefined. */
export function at(node: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
  let current = node
  for (const name of path) {
    current = children(current, name)[0]
    if (!current) return undefined
  }
  return current
}

/**
 * All nodes reached along a path of local names (every branch followed); a step `A|B` takes either element (children
 * are kept by name, so all A come before all B: fine for InvoiceLine|CreditNoteLine, a document holds one kind).
 */
export function all(node: XmlNode | undefined, ...path: string[]): XmlNode[] {
  let current: XmlNode[] = node ? [node] : []
  for (const step of path) current = current.flatMap((entry) => step.split('|').flatMap((name) => children(entry, name)))
  return current
}

/** Text content of a node (trimmed), or null when absent or empty. */
export function text(node: XmlNode | undefined): string | null {
  if (!node) return null
  const value = node['#text']
  if (typeof value !== 'string') return null
  const trimmed = value.trim()
  return trimmed === '' ? null : trimmed
}

/** Text at a path, or null. */
export function textAt(node: XmlNode | undefined, ...path: string[]): string | null {
  return text(at(node, ...path))
}

/** An attribute value of a node, or null. */
export function attr(node: XmlNode | undefined, name: string): string | null {
  const value = node?.[`@${name}`]
  return typeof value === 'string' ? value : null
}

/** Every distinct value an attribute takes anywhere in the tree below `node` (e.g. each currencyID of an invoice). */
export function attributeValues(node: XmlNode | undefined, name: string): string[] {
  const values = new Set<string>()
  const visit = (current: XmlNode) => {
    for (const [key, value] of Object.entries(current)) {
      if (key === `@${name}` && typeof value === 'string') values.add(value.trim())
      else if (Array.isArray(value)) for (const child of value) if (typeof child !== 'string') visit(child)
    }
  }
  if (node) visit(node)
  return [...values]
}
