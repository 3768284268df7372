/**
 * A Content-Disposition for downloading a file under its own name: `filename*` (RFC 5987/6266, UTF-8) that
 * every current browser and fetch reads, beside a plain ASCII `filename` for the rest (accents dropped,
 * anything else unsafe in a quoted string replaced).
 */
export function attachmentDisposition(name: string): string {
  const fallback = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_')
  // encodeURIComponent leaves ' ( ) * as they are; RFC 5987's attr-char does not allow them.
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`
}
