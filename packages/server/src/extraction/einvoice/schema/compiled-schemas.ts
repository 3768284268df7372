import type { XsdValidator } from 'libxml2-wasm'
import type { SubsetSchema } from './subset-xsd'

/**
 * libxml2 (libxml2-wasm, MIT) and our subset schemas, kept between files: the WebAssembly module compiles once per
 * thread, when the first e-invoice is checked (the library is imported only then), and each subset schema is parsed
 * once, on the first file of its syntax, then reused for every later file.
 */
type Libxml2 = typeof import('libxml2-wasm')

/** Our schema files are read by libxml2 from memory under this made-up scheme; nothing else is (no file, no net). */
const SCHEME = 'portal-subset-xsd:'

let library: Promise<{ libxml2: Libxml2; provider: InstanceType<Libxml2['XmlBufferInputProvider']> }> | undefined
const validators = new Map<string, XsdValidator>()

function loadLibrary() {
  library ??= import('libxml2-wasm').then((libxml2) => {
    const provider = new libxml2.XmlBufferInputProvider({})
    libxml2.xmlRegisterInputProvider(provider)
    return { libxml2, provider }
  })
  return library
}

/** libxml2 and the validator of a subset schema, parsed on first use (its imports read from memory). */
export async function compiledSchema(subset: SubsetSchema): Promise<{ libxml2: Libxml2; validator: XsdValidator }> {
  const { libxml2, provider } = await loadLibrary()
  let validator = validators.get(subset.name)
  if (!validator) {
    // Each schema set in a folder of its own: UBL Invoice and CII both import files of the same name.
    const folder = `${SCHEME}/${encodeURIComponent(subset.name)}/`
    const encoder = new TextEncoder()
    for (const file of subset.files) provider.addBuffer(folder + file.fileName, encoder.encode(file.contents))
    const [main] = subset.files
    const document = libxml2.XmlDocument.fromBuffer(encoder.encode(main.contents), { url: folder + main.fileName })
    try {
      validator = libxml2.XsdValidator.fromDoc(document)
    } finally {
      document.dispose()
    }
    validators.set(subset.name, validator)
  }
  return { libxml2, validator }
}
