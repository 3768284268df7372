import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FuzzCase } from '../case'
import type { Rng } from '../random'
import { sendUpload, type UploadExpectation } from './upload-request'

const CATEGORY = 'e-invoice XML'
const FIXTURES = join(import.meta.dirname, '../../packages/server/src/extraction/fixtures')

/** The repository's well-formed e-invoices (CII, UBL, ebInterface): the seeds every mutation starts from. */
const SEEDS = ['factur-x-cii.xml', 'xrechnung-ubl.xml', 'ebinterface-6p1.xml'].map((file) => readFileSync(join(FIXTURES, file), 'utf8'))

const CII_OPEN = '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">'
const CII_CLOSE = '</rsm:CrossIndustryInvoice>'
const UBL_OPEN = '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">'

/** Puts `inner` into the body of a seed invoice, just inside its root element. */
function inject(seed: string, inner: string): string {
  const root = /<(?!\?|!)[^>]+>/.exec(seed.replace(/<!--[\s\S]*?-->/g, (c) => ' '.repeat(c.length)))!
  const at = root.index + root[0].length
  return seed.slice(0, at) + inner + seed.slice(at)
}

/** Replaces the text of the first element with one of the given local names. */
function replaceValue(seed: string, names: string[], value: string): string {
  for (const name of names) {
    const pattern = new RegExp(`(<(?:\\w+:)?${name}\\b[^>]*>)([^<]*)(</)`)
    if (pattern.test(seed)) return seed.replace(pattern, (_m, open, _old, close) => `${open}${value}${close}`)
  }
  return seed
}

interface XmlInput {
  name: string
  text: string | Buffer
  expect?: UploadExpectation
}

type Maker = (rng: Rng, seed: string) => XmlInput

const DOCTYPE: UploadExpectation = { refused: 'XML with a DOCTYPE' }

const makers: { label: string; weight: number; make: Maker }[] = [
  { label: 'well-formed seed', weight: 3, make: (_rng, seed) => ({ name: 'well-formed seed', text: seed }) },
  { label: 'truncated', weight: 10, make: (rng, seed) => ({ name: 'truncated', text: seed.slice(0, rng.int(1, seed.length - 1)) }) },
  {
    label: 'bytes flipped',
    weight: 10,
    make: (rng, seed) => {
      const bytes = Buffer.from(seed)
      for (let i = 0; i < rng.int(1, 20); i++) bytes[rng.int(0, bytes.length - 1)] = rng.int(0, 255)
      return { name: 'bytes flipped', text: bytes }
    },
  },
  {
    label: 'malformed',
    weight: 10,
    make: (rng, seed) => {
      const broken = rng.pick([
        () => seed.replace(/<\/[^>]+>/, ''),
        () => seed.replace(/<\/([^>]+)>/, '</$1x>'),
        () => inject(seed, '<a b=c>'),
        () => inject(seed, '<a b="1" b="2"/>'),
        () => inject(seed, '&undefined;'),
        () => inject(seed, `&#${rng.pick(['0', '99999999', 'x110000', 'xD800', '-1'])};`),
        () => inject(seed, '<![CDATA[ unterminated'),
        () => inject(seed, '<?pi unterminated'),
        () => inject(seed, '<!-- -- -->'),
        () => inject(seed, '<1tag/>'),
        () => inject(seed, '<x:y:z/>'),
        () => inject(seed, '<undeclared:prefix/>'),
        () => inject(seed, '\u0000\u0001\u0002'),
        () => seed + '<second-root/>',
        () => seed.replace('<?xml version="1.0" encoding="UTF-8"?>', '<?xml version="9.9" encoding="EBCDIC"?>'),
        () => seed.replace('encoding="UTF-8"', 'encoding="UTF-16"'),
        () => '\uFEFF\uFEFF' + seed,
        () => seed.replace(/>/g, (m) => (rng.chance(0.01) ? '' : m)),
      ])()
      return { name: 'malformed', text: broken }
    },
  },
  {
    label: 'odd amounts and dates',
    weight: 8,
    make: (rng, seed) => ({
      name: 'odd amounts and dates',
      text: replaceValue(
        replaceValue(seed, ['GrandTotalAmount', 'PayableAmount', 'TotalGrossAmount', 'TaxInclusiveAmount'], rng.pick(['1e308', 'NaN', '-0', 'Infinity', '99999999999999999999999999.999', '1,5', '', '0x10', '-'.repeat(50), '１２３', '1'.repeat(5000)])),
        ['DateTimeString', 'IssueDate', 'InvoiceDate'],
        rng.pick(['00000000', '99999999', '2026-02-30', '-0001-01-01', 'yesterday', '2026-13-45', '1'.repeat(400)]),
      ),
    }),
  },
  {
    label: 'deeply nested',
    weight: 6,
    make: (rng) => {
      const depth = rng.int(1_000, 100_000)
      return { name: `nested ${depth} deep`, text: `${CII_OPEN}${'<ram:X>'.repeat(depth)}1${'</ram:X>'.repeat(depth)}${CII_CLOSE}` }
    },
  },
  {
    label: 'huge: many line items',
    weight: 2,
    make: (rng) => {
      const items = rng.int(50_000, 150_000)
      const item = '<ram:IncludedSupplyChainTradeLineItem><ram:SpecifiedTradeProduct><ram:Name>Schraube</ram:Name></ram:SpecifiedTradeProduct><ram:LineTotalAmount>1.00</ram:LineTotalAmount></ram:IncludedSupplyChainTradeLineItem>'
      return { name: `huge: ${items} line items`, text: `${CII_OPEN}<rsm:SupplyChainTradeTransaction>${item.repeat(items)}</rsm:SupplyChainTradeTransaction>${CII_CLOSE}` }
    },
  },
  {
    label: 'huge: one big text node',
    weight: 2,
    make: (rng, seed) => {
      const size = rng.int(5, 30) * 1024 * 1024
      return { name: `huge: one ${size >> 20} MB text node`, text: inject(seed, `<ram:IncludedNote><ram:Content>${'x'.repeat(size)}</ram:Content></ram:IncludedNote>`) }
    },
  },
  { label: 'huge element name', weight: 2, make: (rng) => ({ name: 'huge element name', text: `${CII_OPEN}<ram:${'n'.repeat(rng.int(100_000, 2_000_000))}/>${CII_CLOSE}` }) },
  { label: 'many attributes', weight: 2, make: (rng) => ({ name: 'many attributes', text: `${CII_OPEN}<ram:ID ${Array.from({ length: rng.int(10_000, 60_000) }, (_, i) => `a${i}="${i}"`).join(' ')}>1</ram:ID>${CII_CLOSE}` }) },
  {
    label: 'DOCTYPE with an external file entity',
    weight: 4,
    make: (_rng, seed) => ({ name: 'DOCTYPE with an external file entity', text: seed.replace(/(<\?xml[^>]*\?>)/, '$1<!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>').replace(/(<(?:\w+:)?ID\b[^>]*>)[^<]*/, '$1&xxe;'), expect: DOCTYPE }),
  },
  {
    label: 'DOCTYPE with a network entity',
    weight: 3,
    make: (_rng, seed) => ({ name: 'DOCTYPE with a network entity', text: seed.replace(/(<\?xml[^>]*\?>)/, '$1<!DOCTYPE r [<!ENTITY net SYSTEM "http://127.0.0.1:9/x">]>').replace(/(<(?:\w+:)?ID\b[^>]*>)[^<]*/, '$1&net;'), expect: DOCTYPE }),
  },
  {
    label: 'billion laughs',
    weight: 4,
    make: (rng) => {
      const levels = rng.int(6, 10)
      const entities = ['<!ENTITY l0 "lol">']
      for (let i = 1; i < levels; i++) entities.push(`<!ENTITY l${i} "${`&l${i - 1};`.repeat(10)}">`)
      return { name: `billion laughs, ${levels} levels`, text: `<?xml version="1.0"?><!DOCTYPE r [${entities.join('')}]>${CII_OPEN}<ram:ID>&l${levels - 1};</ram:ID>${CII_CLOSE}`, expect: DOCTYPE }
    },
  },
  {
    label: 'quadratic blow-up',
    weight: 3,
    make: (rng) => ({
      name: 'quadratic blow-up',
      text: `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "${'x'.repeat(rng.int(10_000, 50_000))}">]>${CII_OPEN}<ram:ID>${'&a;'.repeat(rng.int(1_000, 20_000))}</ram:ID>${CII_CLOSE}`,
      expect: DOCTYPE,
    }),
  },
  { label: 'parameter entities', weight: 2, make: () => ({ name: 'parameter entities', text: `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY % p SYSTEM "file:///etc/passwd"><!ENTITY % q "<!ENTITY leak '%p;'>">%q;]>${UBL_OPEN}<ID>&leak;</ID></Invoice>`, expect: DOCTYPE }) },
  { label: 'DOCTYPE without entities', weight: 2, make: (_rng, seed) => ({ name: 'DOCTYPE without entities', text: seed.replace(/(<\?xml[^>]*\?>)/, '$1<!DOCTYPE html>'), expect: DOCTYPE }) },
  { label: 'XInclude of a server file', weight: 2, make: (_rng, seed) => ({ name: 'XInclude of a server file', text: inject(seed, '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd" parse="text"/>') }) },
  {
    label: 'prototype names as elements',
    weight: 3,
    make: (rng, seed) => ({
      name: 'prototype names as elements',
      text: inject(seed, rng.pick(['<__proto__><polluted>1</polluted></__proto__>', '<constructor><prototype><x>1</x></prototype></constructor>', '<ram:__proto__ toString="1"/>', '<hasOwnProperty>1</hasOwnProperty>', '<a __proto__="x" constructor="y"/>'])),
    }),
  },
  { label: 'root named only in a comment', weight: 2, make: (rng) => ({ name: 'root named only in a comment', text: `<?xml version="1.0"?><!-- ${CII_OPEN} --><other xmlns="x">${rng.text(100)}</other>` }) },
  { label: 'random bytes after an e-invoice root', weight: 2, make: (rng) => ({ name: 'random bytes after an e-invoice root', text: Buffer.concat([Buffer.from(`<?xml version="1.0"?>${UBL_OPEN}`), rng.bytes(rng.int(1, 50_000))]) }) },
]

/** E-invoice XML inputs, uploaded: malformed, truncated, huge, deeply nested, DOCTYPE and entity tricks. */
export function xmlCases(rng: Rng, count: number): FuzzCase[] {
  const total = makers.reduce((sum, m) => sum + m.weight, 0)
  const cases: FuzzCase[] = []
  for (let index = 0; index < count; index++) {
    const r = rng.fork(`${CATEGORY}-${index}`)
    let roll = r.next() * total
    const maker = makers.find((m) => (roll -= m.weight) < 0) ?? makers[0]
    const seed = r.pick(SEEDS)
    // Each input unique, so none is refused as already stored.
    const tag = `<!-- ${rng.seed}-${index} -->`
    const fuzz: FuzzCase = {
      category: CATEGORY,
      description: maker.label,
      // Made when sent, not up front: some inputs are tens of megabytes.
      run: (context, signal) => {
        const input = maker.make(r, seed)
        if (input.name !== maker.label) fuzz.note = input.name
        const bytes = Buffer.concat([typeof input.text === 'string' ? Buffer.from(input.text) : input.text, Buffer.from(tag)])
        return sendUpload(context, { parts: [{ filename: `invoice-${index}.xml`, contentType: 'application/xml', bytes }] }, signal, input.expect, `XML: ${input.name}`)
      },
    }
    cases.push(fuzz)
  }
  return cases
}
