// Loaded with the first payment code, not at every server start.
const qrcode = async () => (await import('qrcode')).default
import { createI18n } from '@portal/sdk/i18n'

const translators = { en: createI18n({ lng: 'en' }).getFixedT('en', 'unpaid'), de: createI18n({ lng: 'de' }).getFixedT('de', 'unpaid') }

/** The QR code of an EPC payload as SVG (error correction M, as EPC069-12 asks). */
export async function qrSvg(payload: string): Promise<string> {
  return (await qrcode()).toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
}

/** A printable A4 page with the payment code, the beneficiary, amount and reference written out beside it. */
export async function paymentCodePdf(code: { payload: string; name: string; iban: string; amount: string; reference: string; document: string }, locale: 'en' | 'de'): Promise<Uint8Array> {
  const t = translators[locale]
  // pdf-lib loads with the first PDF made, not with the server.
  const { PDFDocument, StandardFonts } = await import('pdf-lib')
  const pdf = await PDFDocument.create()
  pdf.setTitle(`${t('qr.pdfTitle')} ${code.document}`)
  const page = pdf.addPage([595.28, 841.89])
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const png = await (await qrcode()).toBuffer(code.payload, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 8 })
  const image = await pdf.embedPng(png)
  page.drawText(t('qr.heading', { document: code.document }), { x: 50, y: 780, size: 16, font: bold })
  page.drawImage(image, { x: 50, y: 520, width: 220, height: 220 })
  const lines: [string, string][] = [
    [t('qr.beneficiary'), code.name],
    ['IBAN', code.iban],
    [t('qr.amount'), `EUR ${code.amount}`],
    [t('qr.reference'), code.reference],
  ]
  lines.forEach(([label, value], index) => {
    page.drawText(label, { x: 300, y: 720 - index * 36, size: 9, font })
    page.drawText(value, { x: 300, y: 706 - index * 36, size: 11, font: bold })
  })
  page.drawText(t('qr.pdfFooter'), { x: 50, y: 500, size: 8, font })
  return pdf.save()
}
