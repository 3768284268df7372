import { PDFDocument } from 'pdf-lib'

/** Width of a page in the PDF (A4's, in points); the height follows the photo's proportions. */
const PAGE_WIDTH = 595.28

/** The captured pages (JPEGs, in order) as one PDF, made on the device: one PDF page per photo, A4 wide. */
export async function makePdf(pages: readonly Blob[]): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create()
  pdf.setProducer('Portal camera capture')
  pdf.setCreator('Portal')
  for (const page of pages) {
    const image = await pdf.embedJpg(new Uint8Array(await page.arrayBuffer()))
    const height = (PAGE_WIDTH * image.height) / image.width
    pdf.addPage([PAGE_WIDTH, height]).drawImage(image, { x: 0, y: 0, width: PAGE_WIDTH, height })
  }
  return new Uint8Array(await pdf.save())
}
