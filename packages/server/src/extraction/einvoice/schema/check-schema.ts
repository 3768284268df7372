import type { ErrorDetail } from 'libxml2-wasm'
import { schemaErrorOf, type EInvoiceSchemaCheck } from '@portal/sdk/domain'
import { compiledSchema } from './compiled-schemas'
import { subsetSchemaFor } from './subset-xsd'

/** At most this many schema errors are kept (libxml2 goes on after the first; a broken file repeats itself). */
const MAX_ERRORS = 20

/** The name the file is given to libxml2, so its own messages are told apart from a schema's. */
const FILE_NAME = 'einvoice.xml'

/**
 * Checks an e-invoice XML against our subset schema of its syntax (subset-xsd.ts) with libxml2's schema validator
 * (libxml2-wasm, compiled and parsed once per thread: compiled-schemas.ts), in the calling thread — the extraction
 * job's worker thread. Null when no schema of ours covers the root element.
 */
export async function checkEInvoiceSchema(xml: Uint8Array, root: { namespace: string; localName: string }): Promise<EInvoiceSchemaCheck | null> {
  const subset = subsetSchemaFor(root.namespace, root.localName)
  if (!subset) return null
  const { libxml2, validator } = await compiledSchema(subset)
  let valid = true
  let details: ErrorDetail[] = []
  let document
  try {
    // No entity substitution, no DTD loading, nothing from the network (the readers refused a DOCTYPE already).
    document = libxml2.XmlDocument.fromBuffer(xml, { url: FILE_NAME, option: libxml2.ParseOption.XML_PARSE_NONET | libxml2.ParseOption.XML_PARSE_NO_XXE })
    validator.validate(document)
  } catch (error) {
    if (!(error instanceof libxml2.XmlLibError)) throw error
    valid = false
    details = error.details
  } finally {
    document?.dispose()
  }
  const errors = details
    .filter((detail) => detail.file === FILE_NAME || detail.file === undefined)
    .filter((detail) => detail.message.trim() !== '')
    .map((detail) => schemaErrorOf(detail.message, detail.line || null))
  return { schema: subset.name, valid, errors: errors.slice(0, MAX_ERRORS), count: errors.length }
}
