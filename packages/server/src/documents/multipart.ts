import type { IncomingMessage, ServerResponse } from 'node:http'
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

/** How long a connection whose body is not read to its end stays open after the answer, reading off what still comes. */
const LINGER_MS = 2000

/**
 * Ends the connection of a request whose body will not be read to its end, as HTTP expects (RFC 9112 §9.6): once the
 * answer is out the server stops sending (FIN) but goes on reading and dropping what the client still sends for
 * LINGER_MS, and only then closes. Closing at once answers the client's next packet with a reset, and a reset makes
 * the client's system drop the answer it has not read yet: Node's fetch, still sending the body, then saw EPIPE or
 * ECONNRESET instead of the refusal.
 */
function closeAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  req.resume()
  const socket = req.socket
  const end = () => {
    socket.end()
    const timer = setTimeout(() => socket.destroy(), LINGER_MS)
    timer.unref()
    socket.once('close', () => clearTimeout(timer))
  }
  if (res.writableFinished) end()
  else res.once('finish', end)
}

/**
 * Reads off what is left of a refused request's body without keeping it, so the client, which may go on sending until
 * it reads the answer, gets the answer on a connection it can use again: up to `limit` bytes. A body larger than that
 * (declared so, or found so) is not read on: its connection ends gently after the answer (closeAfterAnswer). Every
 * door that answers before the end of its body calls this with its answer's response.
 */
export function drainRequest(req: IncomingMessage, res: ServerResponse, limit: number): void {
  if (req.readableEnded || req.destroyed || draining.has(req)) return
  draining.add(req)
  req.on('error', () => undefined)
  const declared = Number(req.headers['content-length'])
  if (Number.isSafeInteger(declared) && declared > limit) return closeAfterAnswer(req, res)
  let left = limit
  const drop = (chunk: Buffer) => {
    left -= chunk.length
    if (left >= 0) return
    req.off('data', drop)
    closeAfterAnswer(req, res)
  }
  req.on('data', drop)
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
      // Paused until the door's answer: its catch reads the rest off (drainRequest).
      req.unpipe(parser)
      parser.destroy()
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
