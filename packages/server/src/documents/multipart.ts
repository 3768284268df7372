import type { IncomingMessage } from 'node:http'
import busboy from 'busboy'
import { BadRequest } from '@feathersjs/errors'
import { errorData } from '@portal/sdk/errors'
import { uploadFileName } from './file-name'
import { PayloadTooLarge } from './http-errors'
import type { DocumentStore, StagedFile } from './store'

/** Limits of one upload request. */
export interface UploadLimits {
  /** Largest file; a larger one is read to its end without being kept and reported as too large. */
  maxFileBytes: number
  /** Most files in one request. */
  maxFiles: number
  /** Largest whole body. */
  maxBodyBytes: number
}

/** One file part of an upload: streamed to the store's staging folder, or null when it was over the size limit. */
export interface ReceivedFile {
  name: string
  staged: StagedFile | null
}

const MB = 1024 * 1024

/** 413 for a body over the limit, naming it. */
export function bodyTooLarge(max: number): PayloadTooLarge {
  return new PayloadTooLarge(`An upload may be at most ${max} bytes`, errorData('documents:upload.bodyTooLarge', { max, maxMb: Math.floor(max / MB) }))
}

/** The parser's own messages, safe to pass on as the rule that was broken; anything else is named generally. */
const PARSER_RULES = new Set(['Unexpected end of form', 'Unexpected end of file', 'Malformed part header', 'Malformed content type'])

function malformed(rule: string): BadRequest {
  return new BadRequest(`The upload is not well-formed multipart/form-data (${rule})`, errorData('documents:upload.malformed', { field: 'body', rule }))
}

const draining = new WeakSet<IncomingMessage>()

/**
 * Reads what is left of a refused request without keeping it, so the client can read the answer; a client
 * that goes on sending well past the limit is cut off.
 */
export function drainRequest(req: IncomingMessage, limit: number): void {
  if (req.readableEnded || req.destroyed || draining.has(req)) return
  draining.add(req)
  let left = limit
  req.on('data', (chunk: Buffer) => {
    left -= chunk.length
    if (left < 0) req.socket.destroy()
  })
  req.on('error', () => undefined)
  req.resume()
}

/**
 * Streams the files of a multipart/form-data request into the store's staging folder, one part after the
 * other, hashing on the way: memory stays the same whatever the number or size of the parts. Refuses the
 * whole request (and keeps none of its files) for a malformed body (400), a file name with control
 * characters (400), more than `maxFiles` files or a body over `maxBodyBytes` (413).
 */
export function receiveUpload(req: IncomingMessage, store: DocumentStore, limits: UploadLimits): Promise<ReceivedFile[]> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: req.headers,
        // File names are UTF-8 (browsers, the CLI); busboy would read them as Latin-1.
        defParamCharset: 'utf8',
        // One byte over the limit tells a too-large file from one exactly at it.
        limits: { fileSize: limits.maxFileBytes + 1, files: limits.maxFiles, fields: 20, fieldSize: 64 * 1024, headerPairs: 32 },
      })
    } catch {
      reject(new BadRequest('Expected a multipart/form-data body with files', errorData('documents:upload.notMultipart')))
      return
    }
    const received: ReceivedFile[] = []
    const staging: Promise<void>[] = []
    let failed = false
    let finished = false
    let bodyBytes = 0

    const fail = (error: unknown) => {
      // Once every part is in, the files belong to the caller; a late abort changes nothing.
      if (failed || finished) return
      failed = true
      req.off('data', count)
      req.unpipe(parser)
      parser.destroy()
      drainRequest(req, limits.maxBodyBytes)
      // Keep none of the request's files: wait for the parts being written, then remove them all.
      void Promise.allSettled(staging)
        .then(() => Promise.allSettled(received.map((file) => (file.staged ? store.discard(file.staged) : undefined))))
        .then(() => reject(error))
    }
    const count = (chunk: Buffer) => {
      bodyBytes += chunk.length
      if (bodyBytes > limits.maxBodyBytes) fail(bodyTooLarge(limits.maxBodyBytes))
    }

    parser.on('file', (_field, stream, info) => {
      // A part may be cut off by the parser (a broken body) whatever becomes of it; that is handled on the parser.
      stream.on('error', () => undefined)
      if (failed) {
        stream.resume()
        return
      }
      let name: string
      try {
        name = uploadFileName(info.filename)
      } catch (error) {
        stream.resume()
        fail(error)
        return
      }
      const file: ReceivedFile = { name, staged: null }
      received.push(file)
      staging.push(
        store.stage(stream, limits.maxFileBytes).then(
          (staged) => {
            file.staged = staged
            // A part that finishes after the request was refused is removed with the others.
            if (failed && staged) return store.discard(staged)
          },
          // A file system error (full disk) is the server's (logged, 500); anything else is the body breaking off.
          (error: unknown) => fail(typeof (error as NodeJS.ErrnoException).syscall === 'string' ? error : malformed('the file part ended early')),
        ),
      )
    })
    parser.on('filesLimit', () =>
      fail(new PayloadTooLarge(`An upload may carry at most ${limits.maxFiles} files`, errorData('documents:upload.tooManyFiles', { max: limits.maxFiles }))),
    )
    parser.on('error', (error: Error) => fail(malformed(PARSER_RULES.has(error.message) ? error.message : 'malformed body')))
    parser.on('close', () => {
      if (failed) return
      void Promise.all(staging).then(
        () => {
          if (failed) return
          finished = true
          req.off('data', count)
          resolve(received)
        },
        (error: unknown) => fail(error),
      )
    })
    req.on('data', count)
    // The client went away: nothing to answer, but nothing may stay behind either.
    req.on('aborted', () => fail(malformed('the request was cut off')))
    req.on('error', () => fail(malformed('the request was cut off')))
    req.pipe(parser)
  })
}
