/**
 * Our own subset XSDs of the e-invoice syntaxes, built from the content models in models.ts (written by us; see
 * there for what each reproduces). Each aggregate listed there is checked element by element in the official order
 * and occurrence; every other aggregate is accepted with any content (a lax wildcard), its elements still checked
 * wherever we declare them. Leaves are checked by their data type: dates, decimals, amounts (UBL: with their
 * currency), quantities, indicators. Code lists and identifier schemes are not checked here (the business rules do
 * what they need). Narrower than the official schemas in what it checks, never stricter: a file the official schema
 * accepts passes (measured on the public test suites, docs/documents.md).
 */
import { CII_TYPES, EBINTERFACE_MODELS, UBL_CAC_ELEMENTS, UBL_CAC_LAX, UBL_CBC, UBL_ROOTS, UBL_TYPES } from './models'

/** One schema document for libxml2: the first of a set is the one validated against, the others are imported. */
export interface SchemaFile {
  fileName: string
  contents: string
}

/** A schema set and the name people read ("UBL 2.1 Invoice", "ebInterface 6.1"). */
export interface SubsetSchema {
  name: string
  files: SchemaFile[]
}

const XS = 'http://www.w3.org/2001/XMLSchema'
const UBL = 'urn:oasis:names:specification:ubl:schema:xsd:'
const NS = {
  cac: `${UBL}CommonAggregateComponents-2`,
  cbc: `${UBL}CommonBasicComponents-2`,
  ext: `${UBL}CommonExtensionComponents-2`,
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  dsig: 'http://www.w3.org/2000/09/xmldsig#',
}

/** `Name?` → the name and its minOccurs/maxOccurs attributes. */
function occurrence(item: string): { name: string; occurs: string } {
  const match = /^(.*?)([?*+]?)$/.exec(item) as RegExpExecArray
  const occurs = { '': '', '?': ' minOccurs="0"', '*': ' minOccurs="0" maxOccurs="unbounded"', '+': ' maxOccurs="unbounded"' }[match[2]] ?? ''
  return { name: match[1], occurs }
}

const schema = (targetNamespace: string, body: string, namespaces: Record<string, string> = {}, attributeForm = 'unqualified') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<xs:schema xmlns:xs="${XS}" xmlns="${targetNamespace}"${Object.entries(namespaces)
    .map(([prefix, uri]) => ` xmlns:${prefix}="${uri}"`)
    .join('')} targetNamespace="${targetNamespace}" elementFormDefault="qualified" attributeFormDefault="${attributeForm}">\n${body}\n</xs:schema>\n`

const importOf = (namespace: string, fileName: string) => `<xs:import namespace="${namespace}" schemaLocation="${fileName}"/>`

/** Any content, each element checked where a declaration exists (lax), any attributes. */
const LAX_TYPE = `<xs:complexType name="Lax" mixed="true"><xs:sequence><xs:any processContents="lax" minOccurs="0" maxOccurs="unbounded"/></xs:sequence><xs:anyAttribute processContents="skip"/></xs:complexType>`
const SKIP_TYPE = `<xs:complexType name="Skip" mixed="true"><xs:sequence><xs:any processContents="skip" minOccurs="0" maxOccurs="unbounded"/></xs:sequence><xs:anyAttribute processContents="skip"/></xs:complexType>`

/** A simple content of `base` with the attributes given and any other unqualified attribute. */
const simple = (name: string, base: string, attributes = '') =>
  `<xs:complexType name="${name}"><xs:simpleContent><xs:extension base="${base}">${attributes}<xs:anyAttribute processContents="skip"/></xs:extension></xs:simpleContent></xs:complexType>`

// UBL 2.1 -------------------------------------------------------------------------------------------------------

/** UBL's unqualified data types (the cbc elements' content), by the name models.ts groups them under. */
const UBL_DATA_TYPES: Record<string, string> = {
  Amount: simple('Amount', 'xs:decimal', '<xs:attribute name="currencyID" type="xs:normalizedString" use="required"/>'),
  Measure: simple('Measure', 'xs:decimal', '<xs:attribute name="unitCode" type="xs:normalizedString" use="required"/>'),
  Quantity: simple('Quantity', 'xs:decimal'),
  Numeric: simple('Numeric', 'xs:decimal'),
  Percent: simple('Percent', 'xs:decimal'),
  Rate: simple('Rate', 'xs:decimal'),
  Indicator: simple('Indicator', 'xs:boolean'),
  Date: simple('Date', 'xs:date'),
  Time: simple('Time', 'xs:time'),
  Code: simple('Code', 'xs:normalizedString'),
  Identifier: simple('Identifier', 'xs:normalizedString'),
  Name: simple('Name', 'xs:string'),
  Text: simple('Text', 'xs:string'),
}

const cbcNames = new Set(Object.values(UBL_CBC).flat())
const ublRef = (item: string) => {
  const { name, occurs } = occurrence(item)
  const prefix = name === 'UBLExtensions' ? 'ext' : cbcNames.has(name) ? 'cbc' : 'cac'
  return `<xs:element ref="${prefix}:${name}"${occurs}/>`
}
const ublSequence = (model: string) => `<xs:sequence>${model.split(' ').map(ublRef).join('')}</xs:sequence>`

function ublFiles(): SchemaFile[] {
  const cbc = schema(
    NS.cbc,
    [
      ...Object.values(UBL_DATA_TYPES),
      ...Object.entries(UBL_CBC).flatMap(([type, names]) => names.map((name) => `<xs:element name="${name}" type="${type}"/>`)),
    ].join('\n'),
  )
  const cac = schema(
    NS.cac,
    [
      importOf(NS.cbc, 'cbc.xsd'),
      LAX_TYPE,
      ...Object.entries(UBL_TYPES).map(([type, model]) => `<xs:complexType name="${type}">${ublSequence(model)}</xs:complexType>`),
      ...Object.entries(UBL_CAC_ELEMENTS).map(([name, type]) => `<xs:element name="${name}" type="${type}"/>`),
      ...UBL_CAC_LAX.map((name) => `<xs:element name="${name}" type="Lax"/>`),
    ].join('\n'),
    { cbc: NS.cbc, cac: NS.cac },
  )
  const ext = schema(NS.ext, `${SKIP_TYPE}\n<xs:element name="UBLExtensions" type="Skip"/>`)
  return [
    { fileName: 'cac.xsd', contents: cac },
    { fileName: 'cbc.xsd', contents: cbc },
    { fileName: 'ext.xsd', contents: ext },
  ]
}

function ublSchema(root: 'Invoice' | 'CreditNote'): SubsetSchema {
  const namespace = `${UBL}${root}-2`
  const main = schema(
    namespace,
    [importOf(NS.cac, 'cac.xsd'), importOf(NS.cbc, 'cbc.xsd'), importOf(NS.ext, 'ext.xsd'), `<xs:element name="${root}"><xs:complexType>${ublSequence(UBL_ROOTS[root])}</xs:complexType></xs:element>`].join('\n'),
    { cac: NS.cac, cbc: NS.cbc, ext: NS.ext },
  )
  return { name: `UBL 2.1 ${root}`, files: [{ fileName: `ubl-${root}.xsd`, contents: main }, ...ublFiles()] }
}

// CII D16B ------------------------------------------------------------------------------------------------------

/** The unqualified data types a CII element of models.ts may have; the others are its ram types or Lax. */
const CII_DATA_TYPES = [
  simple('Amount', 'xs:decimal'),
  simple('Quantity', 'xs:decimal'),
  simple('Measure', 'xs:decimal'),
  simple('Decimal', 'xs:decimal'),
  simple('Text', 'xs:string'),
  simple('Token', 'xs:token'),
  simple('Binary', 'xs:base64Binary'),
  simple('FormattedString', 'xs:string'),
  `<xs:complexType name="DateTime"><xs:choice><xs:element name="DateTimeString" type="FormattedString"/><xs:element name="DateTime" type="xs:dateTime"/></xs:choice></xs:complexType>`,
  `<xs:complexType name="Date"><xs:choice><xs:element name="DateString" type="FormattedString"/><xs:element name="Date" type="xs:date"/></xs:choice></xs:complexType>`,
  `<xs:complexType name="Indicator"><xs:choice><xs:element name="IndicatorString" type="FormattedString"/><xs:element name="Indicator" type="xs:boolean"/></xs:choice></xs:complexType>`,
]
const CII_LEAVES = new Set(['Amount', 'Quantity', 'Measure', 'Decimal', 'Text', 'Token', 'Binary', 'DateTime', 'Date', 'Indicator'])

const ciiElement = (item: string) => {
  const [particle, type] = item.split(':')
  const { name, occurs } = occurrence(particle)
  const qualified = CII_LEAVES.has(type) ? `udt:${type}` : type === 'Lax' ? 'ram:Lax' : `ram:${type}`
  return `<xs:element name="${name}" type="${qualified}"${occurs}/>`
}

function ciiSchema(): SubsetSchema {
  const ram = schema(
    NS.ram,
    [
      importOf(NS.udt, 'udt.xsd'),
      LAX_TYPE,
      ...Object.entries(CII_TYPES).map(([type, model]) => `<xs:complexType name="${type}"><xs:sequence>${model.split(' ').map(ciiElement).join('')}</xs:sequence></xs:complexType>`),
    ].join('\n'),
    { ram: NS.ram, udt: NS.udt },
  )
  const udt = schema(NS.udt, CII_DATA_TYPES.join('\n'))
  const root = [
    'ExchangedDocumentContext:ExchangedDocumentContext',
    'ExchangedDocument:ExchangedDocument',
    'SupplyChainTradeTransaction:SupplyChainTradeTransaction',
    'ValuationBreakdownStatement?:Lax',
  ]
  const rsm = schema(
    NS.rsm,
    [importOf(NS.ram, 'ram.xsd'), `<xs:element name="CrossIndustryInvoice"><xs:complexType><xs:sequence>${root.map(ciiElement).join('')}</xs:sequence></xs:complexType></xs:element>`].join('\n'),
    { ram: NS.ram, udt: NS.udt },
  )
  return {
    name: 'UN/CEFACT CII D16B',
    files: [
      { fileName: 'cii.xsd', contents: rsm },
      { fileName: 'ram.xsd', contents: ram },
      { fileName: 'udt.xsd', contents: udt },
    ],
  }
}

// ebInterface ---------------------------------------------------------------------------------------------------

const EB_SIMPLE: Record<string, string> = {
  Date: 'xs:date',
  Boolean: 'xs:boolean',
  PositiveInteger: 'xs:positiveInteger',
  Decimal: 'xs:decimal',
  Decimal2: 'Decimal2Type',
  Decimal4: 'Decimal4Type',
}

/** ebInterface 3.0-4.0 name the payment method by `xsi:type`: the types derived from PaymentMethodType. */
const EB_PAYMENT_METHOD_TYPES: Record<string, readonly string[]> = {
  '3p0': ['DirectDebitType', 'NoPaymentType', 'UniversalBankTransactionType'],
  '3p02': ['DirectDebitType', 'NoPaymentType', 'UniversalBankTransactionType'],
  '4p0': ['DirectDebitType', 'NoPaymentType', 'UniversalBankTransactionType'],
}

/** A type an `xsi:type` may name for an element of type Lax: the same any content, as a restriction of it. */
const laxDerived = (name: string) =>
  `<xs:complexType name="${name}" mixed="true"><xs:complexContent mixed="true"><xs:restriction base="Lax"><xs:sequence><xs:any processContents="lax" minOccurs="0" maxOccurs="unbounded"/></xs:sequence><xs:anyAttribute processContents="skip"/></xs:restriction></xs:complexContent></xs:complexType>`

function ebInterfaceSchema(version: string): SubsetSchema | null {
  const model = EBINTERFACE_MODELS[version]
  if (!model) return null
  const namespace = `http://www.ebinterface.at/schema/${version}/`
  const decimals = Object.entries(model.decimals).map(([name, facet]) => {
    const restriction = facet.pattern
      ? `<xs:pattern value="${facet.pattern}"/>`
      : facet.fractionDigits
        ? `<xs:fractionDigits value="${facet.fractionDigits}"/>`
        : ''
    return `<xs:simpleType name="${name}"><xs:restriction base="xs:decimal">${restriction}</xs:restriction></xs:simpleType>`
  })
  const typed = new Set(Object.values(model.kinds).flat())
  const aggregates = model.aggregates ?? {}
  const sequence = (content: string) =>
    content.split(' ').map((item) => {
      const { name, occurs } = occurrence(item)
      if (name === 'dsig:Signature') return `<xs:any namespace="${NS.dsig}" processContents="skip"${occurs}/>`
      if (name.startsWith('ext:')) return `<xs:any namespace="${namespace}extensions/ext" processContents="skip"${occurs}/>`
      return `<xs:element ref="${name}"${occurs}/>`
    })
  const particles = sequence(model.root)
  // Every other element the sequences name is declared with any content (each element inside still checked).
  const laxElements = [
    ...new Set(
      [model.root, ...Object.values(aggregates)]
        .flatMap((content) => content.split(' '))
        .map((item) => occurrence(item).name)
        .filter((name) => !name.includes(':') && !typed.has(name) && !(name in aggregates)),
    ),
  ]
  const attributes = model.attributes.split(' ').map((item) => {
    const colon = item.indexOf(':')
    const particle = item.slice(0, colon)
    const rawType = item.slice(colon + 1)
    const global = rawType.endsWith('@')
    const type = rawType.replace('@', '')
    const name = particle.replace('?', '')
    const use = particle.endsWith('?') ? 'optional' : 'required'
    const xsType = type === 'xs:boolean' ? 'xs:boolean' : 'xs:string'
    return { name, use, xsType, global }
  })
  const body = [
    LAX_TYPE,
    ...(EB_PAYMENT_METHOD_TYPES[version] ?? []).map(laxDerived),
    ...decimals,
    ...Object.entries(model.kinds).flatMap(([kind, names]) => names.map((name) => `<xs:element name="${name}" type="${EB_SIMPLE[kind]}"/>`)),
    ...laxElements.map((name) => `<xs:element name="${name}" type="Lax"/>`),
    ...Object.entries(aggregates).map(([name, content]) => `<xs:element name="${name}"><xs:complexType><xs:sequence>${sequence(content).join('')}</xs:sequence></xs:complexType></xs:element>`),
    ...attributes.filter((a) => a.global).map((a) => `<xs:attribute name="${a.name}" type="${a.xsType}"/>`),
    `<xs:element name="Invoice"><xs:complexType><xs:sequence>${particles.join('')}</xs:sequence>${attributes
      .map((a) => (a.global ? `<xs:attribute ref="${a.name}" use="${a.use}"/>` : `<xs:attribute name="${a.name}" type="${a.xsType}" use="${a.use}"/>`))
      .join('')}</xs:complexType></xs:element>`,
  ].join('\n')
  const name = `ebInterface ${version.replace('p', '.')}`
  return { name, files: [{ fileName: `ebinterface-${version}.xsd`, contents: schema(namespace, body) }] }
}

/** The subset schema for a file's root element (its namespace and local name), or null when there is none. */
export function subsetSchemaFor(namespace: string, localName: string): SubsetSchema | null {
  if (namespace === `${UBL}Invoice-2` && localName === 'Invoice') return ublSchema('Invoice')
  if (namespace === `${UBL}CreditNote-2` && localName === 'CreditNote') return ublSchema('CreditNote')
  if (namespace === NS.rsm && localName === 'CrossIndustryInvoice') return ciiSchema()
  const eb = /^http:\/\/www\.ebinterface\.at\/schema\/(\d+p\d+)\/$/.exec(namespace)
  if (eb && localName === 'Invoice') return ebInterfaceSchema(eb[1])
  return null
}
