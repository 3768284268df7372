import { createI18n } from '@portal/sdk/i18n'
import { zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { detectFileKind } from './detect'
import { inspectFile } from './inspect'
import { blankPdf, encryptedPdf, jpegHeader, pngHeader, tiffHeader } from './test-support'

const text = (value: string) => new TextEncoder().encode(value)
const limits = { maxBytes: 1024 * 1024, maxPages: 3, maxPixels: 50_000_000 }

describe('file recognition by content', () => {
  it('recognises PDF, JPEG, PNG and TIFF by their magic bytes, whatever the name', async () => {
    expect(await detectFileKind(await blankPdf())).toBe('pdf')
    expect(await detectFileKind(jpegHeader(800, 600))).toBe('jpeg')
    expect(await detectFileKind(pngHeader(800, 600))).toBe('png')
    expect(await detectFileKind(tiffHeader([[800, 600]]))).toBe('tiff')
  })

  it('recognises UBL, CII (ZUGFeRD 1 and 2) and ebInterface by the XML root', async () => {
    expect(await detectFileKind(text('<?xml version="1.0"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>'))).toBe('xml-ubl')
    expect(await detectFileKind(text('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"/>'))).toBe('xml-ubl')
    expect(await detectFileKind(text('\uFEFF<!-- c --><rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>'))).toBe('xml-cii')
    expect(await detectFileKind(text('<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0"/>'))).toBe('xml-cii')
    expect(await detectFileKind(text('<eb:Invoice xmlns:eb="http://www.ebinterface.at/schema/6p1/"/>'))).toBe('xml-ebinterface')
    expect(await detectFileKind(text('<Invoice xmlns="http://www.ebinterface.at/schema/5p0/"/>'))).toBe('xml-ebinterface')
    // ZUGFeRD 1.0 release candidate: a plain Invoice root in a UN/CEFACT namespace.
    expect(await detectFileKind(text('<rsm:Invoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CBFBUY:5"/>'))).toBe('xml-cii')
  })

  it('takes a PDF by its structure: after a little junk yes, inside a ZIP or an executable no', async () => {
    const pdf = await blankPdf()
    const after = (prefix: Uint8Array) => new Uint8Array([...prefix, ...pdf])
    expect(await detectFileKind(after(text('X-Junk: mail header\r\n\r\n')))).toBe('pdf')
    // A stored ZIP entry and an MZ executable both carry the header within their first kilobyte.
    expect(await detectFileKind(zipSync({ 'a.pdf': [pdf, { level: 0 }] }))).toBeNull()
    expect(await detectFileKind(after(new Uint8Array([0x4d, 0x5a, 0x90, 0x00, ...new Uint8Array(60)])))).toBeNull()
    // Past the first kilobyte no reader looks for it.
    expect(await detectFileKind(after(new Uint8Array(1024).fill(0x20)))).toBeNull()
  })

  it('does not take other XML, text or empty files for an invoice', async () => {
    expect(await detectFileKind(text('<html><body>Rechnung</body></html>'))).toBeNull()
    expect(await detectFileKind(text('Rechnung Nr. 1'))).toBeNull()
    expect(await detectFileKind(new Uint8Array())).toBeNull()
  })
})

describe('refusals at intake', () => {
  it('refuses an empty file', async () => {
    expect(await inspectFile(new Uint8Array(), limits)).toEqual({ ok: false, refusal: { key: 'refusal.empty' } })
  })

  it('refuses a file of another type', async () => {
    expect(await inspectFile(text('just text'), limits)).toEqual({ ok: false, refusal: { key: 'refusal.unsupportedType' } })
  })

  it('refuses a password-protected PDF', async () => {
    expect(await inspectFile(await encryptedPdf(), limits)).toEqual({ ok: false, refusal: { key: 'refusal.encryptedPdf' } })
  })

  it('refuses a broken PDF', async () => {
    expect(await inspectFile(text('%PDF-1.7\nnot really a pdf'), limits)).toEqual({ ok: false, refusal: { key: 'refusal.brokenPdf' } })
  })

  it('refuses a PDF with more pages than allowed and names both counts', async () => {
    expect(await inspectFile(await blankPdf(4), limits)).toEqual({
      ok: false,
      refusal: { key: 'refusal.tooManyPages', params: { pages: 4, max: 3 } },
    })
  })

  it('refuses images whose pixel size would exhaust memory, in PNG, JPEG and TIFF', async () => {
    for (const image of [pngHeader(10_000, 10_000), jpegHeader(60_000, 60_000), tiffHeader([[100, 100], [20_000, 20_000]])]) {
      const result = await inspectFile(image, limits)
      expect(result).toMatchObject({ ok: false, refusal: { key: 'refusal.tooManyPixels' } })
    }
  })

  it('refuses a file over the size limit', async () => {
    expect(await inspectFile(new Uint8Array(2048).fill(32), { ...limits, maxBytes: 1024 })).toMatchObject({
      ok: false,
      refusal: { key: 'refusal.tooLarge' },
    })
  })

  it('accepts a small PDF and a multi-page TIFF, counting their pages', async () => {
    const pdf = await inspectFile(await blankPdf(2), limits)
    expect(pdf).toMatchObject({ ok: true, kind: 'pdf', pages: 2 })
    if (pdf.ok) await pdf.pdf?.destroy()
    expect(await inspectFile(tiffHeader([[2480, 3508], [2480, 3508]]), limits)).toMatchObject({ ok: true, kind: 'tiff', pages: 2 })
  })
})

describe('refusal messages', () => {
  it('tells the user in English and German which file was refused and why', async () => {
    const result = await inspectFile(await encryptedPdf(), limits)
    if (result.ok) throw new Error('accepted')
    const params = { ...result.refusal.params, file: 'scan.pdf' }
    const en = createI18n({ lng: 'en' })
    const de = createI18n({ lng: 'de' })
    expect(en.t(`documents:${result.refusal.key}`, params)).toBe('The PDF "scan.pdf" is password-protected. Please upload it without a password.')
    expect(de.t(`documents:${result.refusal.key}`, params)).toBe('Das PDF „scan.pdf“ ist passwortgeschützt. Bitte laden Sie es ohne Passwort hoch.')
    const pages = await inspectFile(await blankPdf(4), limits)
    if (pages.ok) throw new Error('accepted')
    expect(de.t(`documents:${pages.refusal.key}`, { ...pages.refusal.params, file: 'a.pdf' })).toBe('Die Datei „a.pdf“ hat 4 Seiten; erlaubt sind höchstens 3.')
  })
})
