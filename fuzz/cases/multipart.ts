/** One part of a hand-built multipart body; `name` and `filename` go into the header byte for byte. */
export interface Part {
  field?: string
  /** Raw file name; undefined leaves the filename parameter out. */
  filename?: string | Buffer
  /** Adds `filename*=UTF-8''…` (RFC 5987) with this value, percent-encoded. */
  filenameStar?: string
  contentType?: string
  bytes: Uint8Array
  /** Extra raw header lines. */
  headers?: string[]
}

/** A multipart/form-data body built by hand, so file names can carry NUL, CR/LF, quotes and raw bytes. */
export function multipartBody(parts: Part[], boundary: string): Buffer {
  const chunks: Buffer[] = []
  for (const part of parts) {
    const disposition: Buffer[] = [Buffer.from(`Content-Disposition: form-data; name="${part.field ?? 'files'}"`, 'latin1')]
    if (part.filename !== undefined) {
      disposition.push(Buffer.from('; filename="'), typeof part.filename === 'string' ? Buffer.from(part.filename, 'utf8') : part.filename, Buffer.from('"'))
    }
    if (part.filenameStar !== undefined) disposition.push(Buffer.from(`; filename*=UTF-8''${encodeURIComponent(part.filenameStar)}`))
    chunks.push(
      Buffer.from(`--${boundary}\r\n`, 'latin1'),
      ...disposition,
      Buffer.from(`\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`, 'latin1'),
      ...(part.headers ?? []).map((line) => Buffer.from(`${line}\r\n`, 'latin1')),
      Buffer.from('\r\n'),
      Buffer.from(part.bytes),
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`, 'latin1'))
  return Buffer.concat(chunks)
}
