import { validateXML } from 'xmllint-wasm'
import { schemaErrorOf, type EInvoiceSchemaCheck } from '@portal/sdk/domain'
import { subsetSchemaFor } from './subset-xsd'

/** At most this many schema errors are kept (xmllint goes on after the first; a broken file repeats itself). */
const MAX_ERRORS = 20

/**
 * Checks an e-invoice XML against our subset schema of its syntax (subset-xsd.ts) with libxml2's xmllint
 * (xmllint-wasm, in a worker thread of its own). Null when no schema of ours covers the root element.
 */
export async function checkEInvoiceSchema(xml: Uint8Array, root: { namespace: string; localName: string }): Promise<EInvoiceSchemaCheck | null> {
  const subset = subsetSchemaFor(root.namespace, root.localName)
  if (!subset) return null
  const [main, ...imported] = subset.files
  const result = await validateXML({
    xml: [{ fileName: 'einvoice.xml', contents: xml }],
    schema: [main],
    preload: imported,
    // A file of 25 MB with its tree fits; the default 32 MiB does not.
    initialMemoryPages: 256,
    maxMemoryPages: 4096,
  })
  const errors = result.errors
    .filter((error) => error.loc?.fileName === 'einvoice.xml' || error.loc === null)
    .filter((error) => error.message.trim() !== '' && !/fails to validate$/.test(error.rawMessage))
    .map((error) => schemaErrorOf(error.message, error.loc?.lineNumber ?? null))
  return { schema: subset.name, valid: result.valid, errors: errors.slice(0, MAX_ERRORS), count: errors.length }
}
