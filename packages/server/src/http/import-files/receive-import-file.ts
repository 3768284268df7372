import type { IncomingMessage } from 'node:http'
import busboy from 'busboy'
import { BadRequest } from '@feathersjs/errors'
import { errorData } from '@portal/sdk/errors'
import { IMPORT_FILE_FIELDS, importFileTooLargeData } from '@portal/sdk/services'
import { uploadFileName } from '../../documents/file-name'
import { PayloadTooLarge } from '../../documents/http-errors'

/** Limits of one import-door request. */
export interface ImportFileLimits {
  /** Largest file; one byte more ends the request with 413. */
  maxFileBytes: number
  /** Largest whole body (the file, the `data` field and the multipart framing). */
  maxBodyBytes: number
}

/** What an import-door request carried: the `data` field's text and the one file, held once in memory. */
export interface ReceivedImportFile {
  data: string | undefined
  name: string
  bytes: Uint8Array
}

/** The largest `data` field: the create fields but the file are a few hundred bytes. */
const MAX_DATA_FIELD_BYTES = 64 * 1024

/** 413 for a file (or a body) over the service's limit, naming it. */
export function importFileTooLarge(max: number, file: string | undefined): PayloadTooLarge {
  return new PayloadTooLarge(`An import file may be at most ${max} bytes`, importFileTooLargeData(max, file))
}

function badForm(key: string, message: string, params: Record<string, string | number> = {}): BadRequest {
  return new BadRequest(message, errorData(key, params))
}

function oneFile(): BadRequest {
  return badForm('errors:importFile.oneFile', 'An import takes one file', { field: 'file', rule: 'oneFile' })
}

/**
 * The file's bytes, gathered once: into a buffer of the declared body size when the client said it (browsers and
 * fetch do), else chunk by chunk and joined at the end. Never more than `max` bytes are kept.
 */
class ByteSink {
  private readonly chunks: Buffer[] = []
  private readonly buffer: Buffer | undefined
  /** Bytes in `buffer`; once a chunk did not fit, every later one goes to `chunks`, in order. */
  private filled = 0
  length = 0

  constructor(sizeHint: number | undefined) {
    this.buffer = sizeHint !== undefined && sizeHint > 0 ? Buffer.allocUnsafe(sizeHint) : undefined
  }

  push(chunk: Buffer): void {
    if (this.buffer && this.chunks.length === 0 && this.filled + chunk.length <= this.buffer.length) {
      chunk.copy(this.buffer, this.filled)
      this.filled += chunk.length
    } else this.chunks.push(chunk)
    this.length += chunk.length
  }

  bytes(): Uint8Array {
    const head = this.buffer ? this.buffer.subarray(0, this.filled) : Buffer.alloc(0)
    // Joined only when the declared size was missing or wrong.
    return this.chunks.length === 0 ? head : Buffer.concat([head, ...this.chunks])
  }
}

/**
 * Reads an import-door request: the form field `data` and exactly one file part `file`. Refuses a body that is not
 * multipart (400), a second file or an unknown field (400), a file over the limit as soon as it gets there (413, the
 * rest read off without keeping it), and answers with the file held once.
 */
export function receiveImportFile(req: IncomingMessage, limits: ImportFileLimits): Promise<ReceivedImportFile> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        // Two file parts: `data` may come as one (below); a second `file` is refused by name.
        limits: { fileSize: limits.maxFileBytes + 1, files: 2, fields: 4, fieldSize: MAX_DATA_FIELD_BYTES, headerPairs: 32 },
      })
    } catch {
      reject(badForm('documents:upload.notMultipart', 'Expected a multipart/form-data body with a file'))
      return
    }
    const declared = Number(req.headers['content-length'])
    const sizeHint = Number.isSafeInteger(declared) ? Math.min(declared, limits.maxFileBytes + 1) : undefined
    let data: string | undefined
    let file: { name: string; sink: ByteSink; done: boolean } | undefined
    let failed = false
    let bodyBytes = 0

    const fail = (error: unknown) => {
      if (failed) return
      failed = true
      req.off('data', count)
      req.unpipe(parser)
      // Not while busboy is inside its own callback (a file part's data), where it would still use what destroy frees.
      setImmediate(() => parser.destroy())
      // The rest of the body is read off by the door's catch, beside its answer (route.ts).
      reject(error)
    }
    const count = (chunk: Buffer) => {
      bodyBytes += chunk.length
      if (bodyBytes > limits.maxBodyBytes) fail(importFileTooLarge(limits.maxFileBytes, file?.name))
    }

    const readDataPart = (stream: NodeJS.ReadableStream) => {
      const chunks: Buffer[] = []
      let size = 0
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size > MAX_DATA_FIELD_BYTES) return fail(badForm('errors:importFile.badData', 'The form field "data" is too long', { field: 'data', rule: 'tooLong' }))
        chunks.push(chunk)
      })
      stream.on('end', () => (data = Buffer.concat(chunks).toString('utf8')))
    }
    parser.on('field', (name, value, info) => {
      if (name !== IMPORT_FILE_FIELDS.data) return fail(badForm('errors:importFile.badData', `Unknown form field "${name}"`, { field: name, rule: 'unknownField' }))
      if (info.valueTruncated) return fail(badForm('errors:importFile.badData', 'The form field "data" is too long', { field: 'data', rule: 'tooLong' }))
      data = value
    })
    parser.on('file', (field, stream, info) => {
      stream.on('error', () => undefined)
      if (failed) return void stream.resume()
      // `data` sent as a file part (curl -F data=@fields.json, or any part typed application/octet-stream): its text.
      if (field === IMPORT_FILE_FIELDS.data) return readDataPart(stream)
      if (field !== IMPORT_FILE_FIELDS.file) {
        stream.resume()
        return fail(badForm('errors:importFile.badData', `Unknown form field "${field}"`, { field, rule: 'unknownField' }))
      }
      if (file) {
        stream.resume()
        return fail(oneFile())
      }
      let name: string
      try {
        name = uploadFileName(info.filename)
      } catch (error) {
        stream.resume()
        return fail(error)
      }
      const current = { name, sink: new ByteSink(sizeHint), done: false }
      file = current
      stream.on('data', (chunk: Buffer) => {
        current.sink.push(chunk)
        if (current.sink.length > limits.maxFileBytes) fail(importFileTooLarge(limits.maxFileBytes, name))
      })
      stream.on('end', () => (current.done = true))
    })
    parser.on('filesLimit', () => fail(oneFile()))
    parser.on('error', () => fail(badForm('documents:upload.malformed', 'The upload is not well-formed multipart/form-data', { field: 'body', rule: 'malformed body' })))
    parser.on('close', () => {
      if (failed) return
      req.off('data', count)
      if (!file || !file.done || file.sink.length === 0) {
        return fail(badForm('errors:importFile.noFile', 'The import carried no file (form field "file")', { field: 'file', rule: file ? 'empty' : 'required' }))
      }
      resolve({ data, name: file.name, bytes: file.sink.bytes() })
    })
    req.on('data', count)
    req.on('aborted', () => fail(badForm('documents:upload.malformed', 'The request was cut off', { field: 'body', rule: 'the request was cut off' })))
    req.on('error', () => fail(badForm('documents:upload.malformed', 'The request was cut off', { field: 'body', rule: 'the request was cut off' })))
    req.pipe(parser)
  })
}
