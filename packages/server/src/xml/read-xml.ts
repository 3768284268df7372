import { XMLParser, XMLValidator, type X2jOptions } from 'fast-xml-parser'

/**
 * The deepest element nesting any XML file we read may have. CAMT.053 statements and e-invoices (CII, UBL,
 * ebInterface) go 12 to 15 levels deep; a file nested thousands deep is an attack on the parser, not a document.
 */
export const MAX_XML_DEPTH = 64

/** Why an XML file is not read: a DOCTYPE or entity declaration, nesting deeper than MAX_XML_DEPTH, or not well-formed. */
export type XmlRefusalRule = 'doctype' | 'tooDeep' | 'malformed'

/** An XML file refused before (or while) it was read; `detail` and `line` say where, for the malformed kind. */
export class XmlRefusedError extends Error {
  override readonly name = 'XmlRefusedError'
  constructor(
    readonly rule: XmlRefusalRule,
    readonly detail: string,
    readonly line?: number,
  ) {
    super(`XML refused (${rule}): ${detail}${line ? ` (line ${line})` : ''}`)
  }
}

const DECLARATION = /<!(DOCTYPE|ENTITY)/i

/** fast-xml-parser's words when a document nests deeper than its maxNestedTags (read-xml.test.ts pins them). */
const TOO_DEEP = /maximum nested tags/i

/**
 * A parser for `readXml`: the caller's options with the nesting limit, so every XML reader of the server (bank
 * statements, e-invoices) refuses the same files the same way.
 */
export function safeXmlParser(options: X2jOptions): XMLParser {
  // The parser counts the ancestors of the element it opens: one less than the element's own depth.
  return new XMLParser({ ...options, maxNestedTags: MAX_XML_DEPTH - 1 })
}

/**
 * Parses XML text with a parser from `safeXmlParser`, refusing with XmlRefusedError: any DOCTYPE or entity
 * declaration (none of our formats has one; honoured, it reaches for external files or expands entities without
 * end), text that is not well-formed (the parser itself is lenient, and a half-read file must not count as read),
 * and nesting deeper than MAX_XML_DEPTH.
 */
export function readXml(parser: XMLParser, text: string): unknown {
  const declaration = DECLARATION.exec(text)
  if (declaration) throw new XmlRefusedError('doctype', `<!${declaration[1].toUpperCase()}`)
  const verdict = XMLValidator.validate(text)
  if (verdict !== true) throw new XmlRefusedError('malformed', verdict.err.msg, verdict.err.line)
  try {
    return parser.parse(text) as unknown
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (TOO_DEEP.test(message)) throw new XmlRefusedError('tooDeep', `more than ${MAX_XML_DEPTH} levels`)
    throw new XmlRefusedError('malformed', message)
  }
}
