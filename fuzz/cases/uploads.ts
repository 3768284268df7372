import type { FuzzCase } from '../case'
import type { Rng } from '../random'
import { hostileImages } from './images'
import { hostilePdfs, invoicePdf } from './pdf'
import { sendUpload } from './upload-request'

const CATEGORY = 'upload'

/** File names that must come back exactly as written (printable; no path separators or quotes, which a multipart header cannot carry raw). */
const READABLE_NAMES = [
  'Rechnung Jänner.pdf',
  'Faktura Łódź – März.pdf',
  'Größenangabe ÄÖÜß.pdf',
  '請求書 2026.pdf',
  'فاتورة رقم ١٢٣.pdf',
  'חשבונית.pdf',
  'Счёт-фактура.pdf',
  '🧾 Beleg 💶.pdf',
  'Café crème.pdf',
  'e\u0301te\u0301.pdf',
  'zero\u200bwidth.pdf',
  "'; DROP TABLE documents; --.pdf",
  "<b>fett<b> & 'zitiert'.pdf",
  '{{7*7}} ${7*7}.pdf',
  'semi;colon=1.pdf',
  'spaces   inside.pdf',
  'ä'.repeat(200) + '.pdf',
]

/** File names no one should trust: control characters, separators, traversal, lengths, broken encodings. */
const HOSTILE_NAMES: (string | Buffer)[] = [
  '<script>alert(1)</script>.pdf',
  '${jndi:ldap://x/a}.pdf',
  'a\u0000b.pdf',
  '\u0000',
  'bell\u0007tab\tesc\u001b[31m.pdf',
  '\u202Efdp.exe',
  'invoice\u202E\u2066fdp.pdf',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '/absolute/name.pdf',
  'C:\\Users\\Public\\x.pdf',
  '',
  '.',
  '..',
  ' ',
  'CON',
  'nul.pdf',
  '%00.pdf',
  '%2e%2e%2f%2e%2e%2fx.pdf',
  'x'.repeat(300) + '.pdf',
  'y'.repeat(10_000) + '.pdf',
  '\ufeffbom.pdf',
  'line\r\nContent-Type: text/html.pdf',
  'quote".pdf',
  Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0x2e, 0x70, 0x64, 0x66]),
  Buffer.from([0xc0, 0xaf, 0xc0, 0xae, 0x2e, 0x70, 0x64, 0x66]),
  Buffer.from([0xed, 0xa0, 0x80, 0x2e, 0x70, 0x64, 0x66]),
]

/** Polyglots: one file that several readers take for different things. */
function polyglot(rng: Rng, pdf: Buffer): Buffer {
  const choices: (() => Buffer)[] = [
    () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), rng.bytes(40), pdf]),
    () => Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), rng.bytes(60), pdf, Buffer.from('PK\x05\x06', 'latin1'), Buffer.alloc(18)]),
    () => Buffer.concat([Buffer.from('<html><body><script>alert(document.domain)</script>'), pdf, Buffer.from('</body></html>')]),
    () => Buffer.concat([Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), pdf]),
    () => Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01', 'latin1'), rng.bytes(100), pdf]),
    () => Buffer.concat([Buffer.from('MZ', 'latin1'), rng.bytes(200), pdf]),
    () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pdf]),
    () => Buffer.concat([pdf, Buffer.from('PK\x03\x04', 'latin1'), rng.bytes(500)]),
    () => Buffer.concat([pdf, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')]),
    () => Buffer.concat([Buffer.from('<?xml version="1.0"?><!-- %PDF-1.7 --><rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">'), pdf]),
    () => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`),
    () => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('<html><script>alert(1)</script></html>')]),
  ]
  return rng.pick(choices)()
}

function corrupt(rng: Rng, bytes: Uint8Array): Buffer {
  const out = Buffer.from(bytes)
  const way = rng.int(0, 3)
  if (way === 0) {
    for (let i = 0; i < rng.int(1, 50); i++) out[rng.int(0, out.length - 1)] = rng.int(0, 255)
    return out
  }
  if (way === 1) {
    const at = rng.int(0, out.length - 1)
    rng.bytes(Math.min(out.length - at, rng.int(1, 2000))).copy(out, at)
    return out
  }
  if (way === 2) {
    const at = rng.int(0, out.length - 1)
    return Buffer.concat([out.subarray(0, at), out.subarray(rng.int(at, out.length))])
  }
  const at = rng.int(0, out.length - 1)
  return Buffer.concat([out.subarray(0, at), out.subarray(at, rng.int(at, out.length)), out.subarray(at)])
}

/** Malformed multipart bodies: each gives its content type and raw body. */
function malformedMultipart(rng: Rng, pdf: Buffer): { name: string; contentType: string | null; body: Buffer } {
  const b = 'fuzzboundary'
  const part = (extra = '') => Buffer.concat([Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="files"; filename="x.pdf"${extra}\r\n\r\n`), pdf, Buffer.from('\r\n')])
  const choices: (() => { name: string; contentType: string | null; body: Buffer })[] = [
    () => ({ name: 'no content type', contentType: null, body: part() }),
    () => ({ name: 'multipart without boundary', contentType: 'multipart/form-data', body: part() }),
    () => ({ name: 'boundary mismatch', contentType: 'multipart/form-data; boundary=other', body: part() }),
    () => ({ name: 'no closing boundary', contentType: `multipart/form-data; boundary=${b}`, body: part().subarray(0, rng.int(10, 400)) }),
    () => ({ name: 'JSON body', contentType: 'application/json', body: Buffer.from('{"files":[1,2,3]}') }),
    () => ({ name: 'random bytes with a boundary', contentType: `multipart/form-data; boundary=${b}`, body: rng.bytes(rng.int(0, 20_000)) }),
    () => ({ name: 'empty body', contentType: `multipart/form-data; boundary=${b}`, body: Buffer.alloc(0) }),
    () => ({ name: 'only a closing boundary', contentType: `multipart/form-data; boundary=${b}`, body: Buffer.from(`--${b}--\r\n`) }),
    () => ({ name: 'field without a file', contentType: `multipart/form-data; boundary=${b}`, body: Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="files"\r\n\r\nhello\r\n--${b}--\r\n`) }),
    () => ({ name: 'part without headers', contentType: `multipart/form-data; boundary=${b}`, body: Buffer.concat([Buffer.from(`--${b}\r\n\r\n`), pdf, Buffer.from(`\r\n--${b}--\r\n`)]) }),
    () => ({ name: '100 KB part header', contentType: `multipart/form-data; boundary=${b}`, body: Buffer.concat([part(`; x="${'a'.repeat(100_000)}"`), Buffer.from(`--${b}--\r\n`)]) }),
    () => ({ name: `${1500} empty file parts`, contentType: `multipart/form-data; boundary=${b}`, body: Buffer.concat([...Array.from({ length: 1500 }, () => Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="files"; filename="e.pdf"\r\n\r\n\r\n`)), Buffer.from(`--${b}--\r\n`)]) }),
    () => ({ name: '3000 field parts', contentType: `multipart/form-data; boundary=${b}`, body: Buffer.concat([...Array.from({ length: 3000 }, (_, i) => Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`)), Buffer.from(`--${b}--\r\n`)]) }),
    () => ({ name: 'base64 transfer encoding', contentType: `multipart/form-data; boundary=${b}`, body: Buffer.concat([Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="files"; filename="b.pdf"\r\nContent-Transfer-Encoding: base64\r\n\r\n${pdf.toString('base64')}\r\n--${b}--\r\n`)]) }),
    () => ({ name: 'nested multipart/mixed', contentType: `multipart/form-data; boundary=${b}`, body: Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="files"\r\nContent-Type: multipart/mixed; boundary=inner\r\n\r\n--inner\r\nContent-Disposition: file; filename="n.pdf"\r\n\r\n%PDF-1.7\r\n--inner--\r\n--${b}--\r\n`) }),
    () => ({ name: 'over-long boundary', contentType: `multipart/form-data; boundary=${'q'.repeat(5000)}`, body: Buffer.from(`--${'q'.repeat(5000)}\r\n`) }),
    () => ({ name: 'quoted odd boundary', contentType: 'multipart/form-data; boundary="a b;c=d\\""', body: part() }),
    () => ({ name: 'charset=utf-16 multipart', contentType: `multipart/form-data; boundary=${b}; charset=utf-16`, body: Buffer.concat([part(), Buffer.from(`--${b}--\r\n`)]) }),
    () => ({ name: 'text/plain body', contentType: 'text/plain', body: pdf }),
  ]
  return rng.pick(choices)()
}

/** Query strings and authorization headers an attacker might send with a valid file. */
function oddRequest(rng: Rng, companyNo: number, foreign: number, clientToken: string): { name: string; query?: string; authorization?: string | null } {
  const type = rng.pick(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'ER_U', 'ER', 'er_u', 'ER_U%00', 'a'.repeat(5000), '', 'other', 'OTHER', 'ka', '%C3%A4', 'er_u&type=ar_u'])
  const client = rng.pick(['1e20', '-1', '0', `0${companyNo}`, '2147483648', '9999999999', 'abc', '', '1.5', '0x10', '__proto__', `${companyNo}&client=${foreign}`, '%D9%A1', ' 1', `${companyNo}%00`, '[]', `${companyNo}.0`])
  const choices: (() => { name: string; query?: string; authorization?: string | null })[] = [
    () => ({ name: `type=${type.slice(0, 40)}`, query: `client=${companyNo}&type=${type}` }),
    () => ({ name: `client=${client}`, query: `client=${client}` }),
    () => ({ name: 'no client', query: '' }),
    () => ({ name: 'client[]=array', query: `client[]=${companyNo}&client[]=${foreign}` }),
    () => ({ name: 'client[__proto__]', query: `client[__proto__][x]=1&client=${companyNo}` }),
    () => ({ name: 'no authorization', authorization: null }),
    () => ({ name: 'bearer without token', authorization: 'Bearer' }),
    () => ({ name: 'random bearer', authorization: `Bearer ${rng.text(rng.int(1, 300))}` }),
    () => ({ name: 'basic auth', authorization: 'Basic YWRtaW5AZGVtby5wb3J0YWw6cG9ydGFsLWRlbW8=' }),
    () => ({ name: 'unsigned JWT (alg none)', authorization: `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"admin","aud":"portal-web"}').toString('base64url')}.` }),
    () => ({ name: 'JWT with a broken signature', authorization: `Bearer ${clientToken.slice(0, -6)}AAAAAA` }),
    () => ({ name: '16 KB bearer', authorization: `Bearer ${'a'.repeat(16_000)}` }),
    () => ({ name: 'client user to a foreign company', query: `client=${foreign}`, authorization: `Bearer ${clientToken}` }),
  ]
  return rng.pick(choices)()
}

/** Upload inputs: hostile PDFs and images, truncated and corrupted files, polyglots, odd names and requests. */
export function uploadCases(rng: Rng, count: number): FuzzCase[] {
  const cases: FuzzCase[] = []
  const pdfNames = Object.keys(hostilePdfs)
  const imageNames = Object.keys(hostileImages)
  for (let index = 0; index < count; index++) {
    const r = rng.fork(`${CATEGORY}-${index}`)
    const tag = `${rng.seed}-${index}`
    const roll = r.next()
    if (roll < 0.05) {
      cases.push({ category: CATEGORY, description: 'valid invoice PDF', run: async (context, signal) => sendUpload(context, { parts: [{ filename: `valid-${tag}.pdf`, bytes: await invoicePdf(r, tag) }] }, signal, {}, 'valid invoice PDF') })
    } else if (roll < 0.3) {
      const name = r.pick(pdfNames)
      cases.push({ category: CATEGORY, description: `PDF: ${name}`, run: async (context, signal) => sendUpload(context, { parts: [{ filename: `hostile-${tag}.pdf`, bytes: Buffer.concat([await hostilePdfs[name](r, tag), Buffer.from(`%${tag}\n`)]) }] }, signal, {}, `PDF: ${name}`) })
    } else if (roll < 0.38) {
      cases.push({
        category: CATEGORY,
        description: 'truncated PDF',
        run: async (context, signal) => {
          const pdf = await invoicePdf(r, tag)
          const cut = r.int(1, pdf.length - 1)
          return sendUpload(context, { parts: [{ filename: `truncated-${tag}.pdf`, bytes: pdf.subarray(0, cut) }] }, signal, {}, `truncated PDF at ${cut}`)
        },
      })
    } else if (roll < 0.48) {
      cases.push({ category: CATEGORY, description: 'corrupted PDF', run: async (context, signal) => sendUpload(context, { parts: [{ filename: `corrupt-${tag}.pdf`, bytes: corrupt(r, await invoicePdf(r, tag)) }] }, signal, {}, 'corrupted PDF') })
    } else if (roll < 0.63) {
      const name = r.pick(imageNames)
      cases.push({ category: CATEGORY, description: `image: ${name}`, run: (context, signal) => sendUpload(context, { parts: [{ filename: `image-${tag}.bin`, bytes: Buffer.concat([hostileImages[name](r), Buffer.from(tag)]) }] }, signal, {}, `image: ${name}`) })
    } else if (roll < 0.7) {
      cases.push({ category: CATEGORY, description: 'polyglot', run: async (context, signal) => sendUpload(context, { parts: [{ filename: `polyglot-${tag}.pdf`, bytes: polyglot(r, Buffer.from(await invoicePdf(r, tag))) }] }, signal, {}, 'polyglot') })
    } else if (roll < 0.78) {
      const name = r.pick(READABLE_NAMES)
      const star = r.chance(0.3)
      cases.push({
        category: CATEGORY,
        description: `readable name ${JSON.stringify(name.slice(0, 40))}${star ? ' (filename*)' : ''}`,
        run: async (context, signal) =>
          sendUpload(context, { parts: [{ filename: star ? undefined : name, filenameStar: star ? name : undefined, bytes: await invoicePdf(r, tag) }] }, signal, { sameName: name }, `name ${name}`),
      })
    } else if (roll < 0.86) {
      const name = r.pick(HOSTILE_NAMES)
      const shown = typeof name === 'string' ? JSON.stringify(name.slice(0, 40)) : `bytes ${name.toString('hex')}`
      cases.push({ category: CATEGORY, description: `hostile name ${shown}`, run: async (context, signal) => sendUpload(context, { parts: [{ filename: name, bytes: await invoicePdf(r, tag) }] }, signal, {}, `hostile name ${shown}`) })
    } else if (roll < 0.93) {
      const fuzz: FuzzCase = {
        category: CATEGORY,
        description: 'malformed multipart',
        run: async (context, signal) => {
          const malformed = malformedMultipart(r, Buffer.from(await invoicePdf(r, tag)))
          fuzz.note = malformed.name
          return sendUpload(context, { body: malformed.body, contentType: malformed.contentType }, signal, {}, `multipart: ${malformed.name}`)
        },
      }
      cases.push(fuzz)
    } else {
      const fuzz: FuzzCase = {
        category: CATEGORY,
        description: 'odd query or authorization',
        run: async (context, signal) => {
          const odd = oddRequest(r, context.companyNo, context.foreignCompanyNo, context.clientToken)
          fuzz.note = odd.name
          return sendUpload(context, { parts: [{ filename: `odd-${tag}.pdf`, bytes: await invoicePdf(r, tag) }], query: odd.query, authorization: odd.authorization }, signal, {}, odd.name)
        },
      }
      cases.push(fuzz)
    }
  }
  return cases
}
