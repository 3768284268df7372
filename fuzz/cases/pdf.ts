import { deflateSync } from 'node:zlib'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import type { Rng } from '../random'
import { FLATE_BOMB_SIZES, flateBomb } from './bombs'

/** A small valid invoice PDF with a text layer; `tag` makes its bytes unique. */
export async function invoicePdf(rng: Rng, tag: string, pages = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([595, 842])
    const lines = [
      'Installateur Gruber GmbH, Landstrasse 12, 4020 Linz',
      'UID-Nr.: ATU13585627',
      `Rechnungsnummer: F-${tag}-${p}`,
      `Rechnungsdatum: ${rng.int(1, 28)}.${rng.int(1, 12)}.2026`,
      `Netto 20 %   EUR ${rng.int(1, 9999)},${rng.int(10, 99)}`,
      'Gesamtbetrag   EUR 120,00',
      rng.text(rng.int(5, 60)),
    ]
    lines.forEach((text, i) => page.drawText(text, { x: 50, y: 780 - i * 18, size: 11, font }))
  }
  doc.setTitle(tag)
  return doc.save()
}

/**
 * Writes a PDF from raw object bodies (object n is `objects[n-1]`) with a correct xref table, so hostile
 * structures (deep nesting, cycles, encryption dictionaries, bombs) stay parseable up to the part under test.
 */
export function rawPdf(objects: (string | Buffer)[], trailerExtra = ''): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')]
  let length = parts[0].length
  const offsets: number[] = []
  objects.forEach((body, index) => {
    offsets.push(length)
    const chunk = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ])
    parts.push(chunk)
    length += chunk.length
  })
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('')
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${length}\n%%EOF\n`, 'latin1'))
  return Buffer.concat(parts)
}

/** A stream object body with the given dictionary entries and (already encoded) data. */
export function streamObject(dict: string, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')])
}

/** A text line in Helvetica (font resource F1): enough letters that the server reads the page without OCR. */
export const TEXT = Buffer.from('BT /F1 12 Tf 50 700 Td (Rechnung Nr. 2026-001 Gesamtbetrag EUR 120,00) Tj ET')

/** The resources entry that defines F1 as the standard Helvetica. */
export const FONT = '/Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> '

/**
 * Catalog, page tree and one page whose content is object 4 (with the text line unless `content` is given);
 * extra objects follow from 5.
 */
export function onePage(content: Buffer = TEXT, pageExtra = FONT, extra: (string | Buffer)[] = []): (string | Buffer)[] {
  return [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R ${pageExtra}>>`,
    streamObject('', content),
    ...extra,
  ]
}

/** Hostile PDFs by name; each takes the input's random source and a unique tag. */
export const hostilePdfs: Record<string, (rng: Rng, tag: string) => Buffer | Promise<Buffer>> = {
  'encrypted (RC4, unknown user password)': (rng) =>
    rawPdf(
      [...onePage(), `<< /Filter /Standard /V 1 /R 2 /O <${rng.bytes(32).toString('hex')}> /U <${rng.bytes(32).toString('hex')}> /P -44 >>`],
      `/Encrypt 5 0 R /ID [<${rng.bytes(16).toString('hex')}> <${rng.bytes(16).toString('hex')}>] `,
    ),
  'encrypted (AES-256, unknown user password)': (rng) =>
    rawPdf(
      [
        ...onePage(),
        `<< /Filter /Standard /V 5 /R 6 /Length 256 /CF << /StdCF << /AuthEvent /DocOpen /CFM /AESV3 /Length 32 >> >> /StmF /StdCF /StrF /StdCF /O <${rng.bytes(48).toString('hex')}> /U <${rng.bytes(48).toString('hex')}> /OE <${rng.bytes(32).toString('hex')}> /UE <${rng.bytes(32).toString('hex')}> /Perms <${rng.bytes(16).toString('hex')}> /P -1028 >>`,
      ],
      `/Encrypt 5 0 R /ID [<${rng.bytes(16).toString('hex')}> <${rng.bytes(16).toString('hex')}>] `,
    ),
  'encryption dictionary of the wrong type': (rng) => rawPdf(onePage(), `/Encrypt ${rng.pick(['[1 2 3]', '(x)', '99 0 R', '<< /Filter /Unknown >>', '<< /Filter /Standard /V 99 /R 99 >>'])} `),
  'deeply nested arrays in a content stream': (rng) => {
    const depth = rng.int(5_000, 200_000)
    return rawPdf(onePage(Buffer.concat([Buffer.from(`${'['.repeat(depth)}${']'.repeat(depth)} `), TEXT])))
  },
  'deeply nested dictionaries in the page': (rng) => {
    const depth = rng.int(2_000, 50_000)
    return rawPdf(onePage(TEXT, `${FONT}/Deep ${'<< /A '.repeat(depth)}1${' >>'.repeat(depth)} `))
  },
  'deeply nested page tree': (rng) => {
    const depth = rng.int(200, 5_000)
    const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R >>']
    for (let level = 0; level < depth; level++) {
      const id = level + 2
      const parent = level === 0 ? '' : `/Parent ${id - 1} 0 R `
      objects.push(`<< /Type /Pages ${parent}/Kids [${id + 1} 0 R] /Count 1 >>`)
    }
    objects.push(`<< /Type /Page /Parent ${depth + 1} 0 R /MediaBox [0 0 595 842] /Contents ${depth + 3} 0 R ${FONT}>>`)
    return rawPdf([...objects, streamObject('', TEXT)])
  },
  'page tree cycle': () =>
    rawPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 2 >>', '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R 3 0 R] /Count 1 >>']),
  'page count lie': (rng) =>
    rawPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      `<< /Type /Pages /Kids [3 0 R] /Count ${rng.pick(['499', '100000000', '-5', '1e30', '2147483648'])} >>`,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R ${FONT}>>`,
      streamObject('', TEXT),
    ]),
  'long chain of indirect references': (rng) => {
    const length = rng.int(1_000, 30_000)
    const objects: (string | Buffer)[] = onePage(TEXT, `${FONT}/Chain 5 0 R `)
    for (let i = 0; i < length; i++) objects.push(`${i + 6} 0 R`)
    objects.push('(end)')
    return rawPdf(objects)
  },
  'reference cycle': () => rawPdf([...onePage(TEXT, `${FONT}/Loop 5 0 R `), '6 0 R', '5 0 R']),
  'flate bomb content stream': (rng) => {
    const bomb = flateBomb(rng.pick(FLATE_BOMB_SIZES))
    return rawPdf([...onePage().slice(0, 3), streamObject('/Filter /FlateDecode', bomb)])
  },
  'flate bomb image with huge dimensions': (rng) => {
    const bomb = flateBomb(64)
    const size = rng.pick([20_000, 65_535, 1_000_000])
    return rawPdf(
      onePage(Buffer.concat([TEXT, Buffer.from(' q 595 0 0 842 0 0 cm /Im1 Do Q')]), '/Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> /XObject << /Im1 5 0 R >> >> ', [
        streamObject(`/Type /XObject /Subtype /Image /Width ${size} /Height ${size} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode`, bomb),
      ]),
    )
  },
  'flate bomb in an object stream': () => {
    const bomb = flateBomb(64)
    return rawPdf([...onePage(), streamObject('/Type /ObjStm /N 100000 /First 10 /Filter /FlateDecode', bomb)])
  },
  'chained filters': (rng) => {
    const data = deflateSync(deflateSync(Buffer.from(rng.text(2000))))
    return rawPdf(onePage().slice(0, 3).concat([streamObject(`/Filter [/FlateDecode /FlateDecode ${rng.pick(['/ASCIIHexDecode', '/LZWDecode', '/RunLengthDecode', '/JBIG2Decode', '/Crypt', '/Bogus'])}]`, data)]))
  },
  'corrupt flate data': (rng) => rawPdf(onePage().slice(0, 3).concat([streamObject('/Filter /FlateDecode', rng.bytes(rng.int(10, 5000)))])),
  'wrong stream length': (rng) => {
    const body = Buffer.from(`<< /Length ${rng.pick(['999999999', '-1', '0', '1e9', '5 0 R', '(x)'])} >>\nstream\nBT /F1 12 Tf (x) Tj ET\nendstream`)
    return rawPdf(onePage().slice(0, 3).concat([body]))
  },
  'huge media box and odd numbers': (rng) =>
    rawPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${rng.pick(['1e308', '99999999999', '-1', 'NaN', '0'])} ${rng.pick(['1e308', '14400', '0', '-842'])}] /Rotate ${rng.pick(['45', '-90', '1e10', '7'])} /UserUnit ${rng.pick(['75000', '0', '-1'])} /Contents 4 0 R ${FONT}>>`,
      streamObject('', TEXT),
    ]),
  'broken xref and trailer': (rng) => {
    const good = rawPdf(onePage())
    const text = good.toString('latin1')
    const mutations = [
      () => text.replace(/startxref\n\d+/, `startxref\n${rng.int(0, 99999999)}`),
      () => text.replace(/xref\n0 \d+/, `xref\n0 ${rng.int(100000, 99999999)}`),
      () => text.replace(/trailer[\s\S]*$/, ''),
      () => text.replace(/\/Root 1 0 R/, '/Root 99 0 R'),
      () => text.replace(/0000000\d+ 00000 n/g, () => `${String(rng.int(0, 9999999999)).padStart(10, '0')} 00000 n`),
      () => text.replace(/%%EOF/, '').repeat(rng.int(2, 50)),
    ]
    return Buffer.from(rng.pick(mutations)(), 'latin1')
  },
  'incremental updates piled up': (rng) => {
    const base = rawPdf(onePage())
    const parts = [base]
    for (let i = 0; i < rng.int(50, 500); i++) parts.push(Buffer.from(`\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\nxref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 6 /Root 1 0 R /Prev ${rng.int(0, 500)} >>\nstartxref\n${rng.int(0, 99999)}\n%%EOF\n`))
    return Buffer.concat(parts)
  },
  'many small pages': async (rng) => {
    const doc = await PDFDocument.create()
    const font = await doc.embedFont(StandardFonts.Helvetica)
    const pages = rng.int(400, 520)
    for (let i = 0; i < pages; i++) doc.addPage([300, 60]).drawText(`Rechnung Seite ${i + 1} Gesamtbetrag EUR 120,00`, { x: 5, y: 20, size: 10, font })
    return Buffer.from(await doc.save())
  },
  'JavaScript and launch actions': () =>
    rawPdf([
      '<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R /AcroForm << /XFA 6 0 R >> >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /AA << /O 5 0 R >> ${FONT}>>`,
      streamObject('', TEXT),
      '<< /S /JavaScript /JS (app.alert\\(1\\); this.exportDataObject\\({cName: "x", nLaunch: 2}\\)) >>',
      streamObject('', Buffer.from('<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>&e;</xdp:xdp>')),
    ]),
  'broken embedded fonts': (rng) =>
    rawPdf(
      onePage(TEXT, '/Resources << /Font << /F1 5 0 R >> >> ', [
        `<< /Type /Font /Subtype /${rng.pick(['TrueType', 'Type1', 'Type0', 'Type3'])} /BaseFont /Evil /FirstChar 0 /LastChar ${rng.pick(['255', '99999999', '-1'])} /Widths [1 2 3] /FontDescriptor 6 0 R /ToUnicode 7 0 R /DescendantFonts [5 0 R] >>`,
        '<< /Type /FontDescriptor /FontName /Evil /Flags 4 /FontBBox [0 0 1e30 1e30] /FontFile2 7 0 R >>',
        streamObject('/Length1 99999999', rng.bytes(rng.int(100, 20000))),
      ]),
    ),
  'embedded file claiming an e-invoice': (rng) =>
    rawPdf([
      '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(factur-x.xml) 5 0 R] >> >> /AF [5 0 R] >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R ${FONT}>>`,
      streamObject('', TEXT),
      '<< /Type /Filespec /F (factur-x.xml) /UF (factur-x.xml) /EF << /F 6 0 R >> /AFRelationship /Data >>',
      streamObject(
        `/Type /EmbeddedFile /Subtype /text#2Fxml${rng.chance(0.5) ? ' /Filter /FlateDecode' : ''}`,
        rng.chance(0.5)
          ? flateBomb(64)
          : Buffer.from(`<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "${'x'.repeat(100)}"><!ENTITY b "${'&a;'.repeat(100)}"><!ENTITY c "${'&b;'.repeat(100)}">]><rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">&c;</rsm:CrossIndustryInvoice>`),
      ),
    ]),
}
