import type { Context, Next } from 'koa'
import { NotFound } from '@feathersjs/errors'
import { kindPermissions, MimeType } from '@portal/sdk/domain'
import { errorData } from '@portal/sdk/errors'
import { documentHttpPaths, type SessionUser } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { bearerUser } from '../http/bearer'
import { knownHashes, loadDocumentFile, NO_COMPANY, type DocumentFile } from '../models/documents/index'
import { authorize, hiddenDocumentKinds } from '../policies/index'
import { attachmentDisposition } from './content-disposition'
import { answerError } from './http-errors'
import { boundedInteger, byteRange, companyParam, MAX_ID } from './http-params'
import { hasPageImages, MAX_PAGE_IMAGE_WIDTH, storedPageImage } from './page-image'
import { documentStore } from './runtime'
import type { DocumentStore } from './store'
import { handleUpload } from './upload-route'

/** The stored file of a document a download names, after the policy allowed it; missing and foreign ones are refused alike. */
async function allowedFile(app: Application, user: SessionUser, id: number): Promise<DocumentFile> {
  const file = await loadDocumentFile(app.get('knex'), id)
  authorize(user, 'documents', 'get', { companyNo: file ? file.company_no : NO_COMPANY, recordRequires: kindPermissions(file?.document_type) })
  // Only reached by someone who may see every company (the policy refused everyone else above).
  if (!file) throw new NotFound(`Document ${id} not found`, errorData('errors:document.notFound', { id }))
  return file
}

/**
 * The stored file of a document, read by `read`; a file the store does not have (a row without its file, such as the
 * demo ledger's booked documents) is a 404 naming the document, not a server error.
 */
async function readStored<T>(id: number, read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    throw new NotFound(`The file of document ${id} is not stored`, errorData('documents:fileNotStored', { id }))
  }
}

/**
 * GET /api/documents/:id/file: the original, as a download of its stored type that browsers never sniff or render in
 * place. A `Range: bytes=a-b` asks for part of it (206, read from the store by range); one it cannot serve is a 416.
 */
async function sendFile(app: Application, ctx: Context, rawId: string): Promise<void> {
  const user = await bearerUser(app, ctx)
  const id = boundedInteger(rawId, 'id', 1, MAX_ID)
  const file = await allowedFile(app, user, id)
  const store = documentStore(app)
  const asked = ctx.get('range')
  const whole = asked ? await readStored(id, () => storedSize(store, file.sha256)) : undefined
  const range = whole !== undefined ? byteRange(asked, whole) : undefined
  if (range === 'unsatisfiable') {
    ctx.status = 416
    ctx.set('content-range', `bytes */${whole}`)
    ctx.body = { name: 'RangeNotSatisfiable', code: 416, message: `The file has ${whole} bytes` }
    return
  }
  const { stream, size } = await readStored(id, () => store.open(file.sha256, range))
  ctx.type = file.mime
  ctx.set('accept-ranges', 'bytes')
  if (range) {
    ctx.status = 206
    ctx.set('content-range', `bytes ${range.start}-${range.end}/${size}`)
    ctx.length = range.end - range.start + 1
  } else {
    ctx.length = size
  }
  ctx.set('content-disposition', attachmentDisposition(file.file_name))
  ctx.set('x-content-type-options', 'nosniff')
  ctx.set('cache-control', 'private, max-age=3600')
  ctx.body = stream
}

/** The size of a stored file; ENOENT when the store lacks it. */
async function storedSize(store: DocumentStore, sha256: string): Promise<number> {
  const size = await store.sizeOf(sha256)
  if (size === undefined) throw Object.assign(new Error(`no stored file ${sha256}`), { code: 'ENOENT' })
  return size
}

/** GET /api/documents/:id/pages/:page?width=: one page drawn as PNG (at most `width` pixels wide). */
async function sendPageImage(app: Application, ctx: Context, rawId: string, rawPage: string): Promise<void> {
  const user = await bearerUser(app, ctx)
  const id = boundedInteger(rawId, 'id', 1, MAX_ID)
  // Page 0 is a page the document does not have (404 below), not a malformed number.
  const page = boundedInteger(rawPage, 'page', 0, MAX_ID)
  const file = await allowedFile(app, user, id)
  const notFound = () => new NotFound(`The document has no page ${page}`, errorData('documents:pageNotFound', { page }))
  const pages = file.pages
  // Out of range by the page count intake recorded: no need to read the file.
  if (page < 1 || (pages > 0 && page > pages) || !hasPageImages(file.mime)) throw notFound()
  // ?width=: a thumbnail (the document editor's page strip) is drawn small, which is many times cheaper.
  const width = ctx.query.width === undefined ? MAX_PAGE_IMAGE_WIDTH : boundedInteger(ctx.query.width, 'width', 64, MAX_PAGE_IMAGE_WIDTH)
  // A page drawn before comes from the cache; else the file is read and drawn in a file thread.
  const store = documentStore(app)
  const image = await readStored(id, () => storedPageImage(file.sha256, () => store.localFile(file.sha256), file.mime, page, width))
  if (!image) throw notFound()
  ctx.type = MimeType.png
  ctx.set('x-content-type-options', 'nosniff')
  ctx.set('cache-control', 'private, max-age=3600')
  ctx.body = Buffer.from(image.png.buffer, image.png.byteOffset, image.png.byteLength)
}

/** GET /api/documents/hashes?client=&sha256=a,b: which of these files the company already has (resumable uploads). */
async function sendKnownHashes(app: Application, ctx: Context): Promise<void> {
  const user = await bearerUser(app, ctx)
  const companyNo = companyParam(ctx)
  authorize(user, 'documents', 'find', { companyNo })
  const wanted = (typeof ctx.query.sha256 === 'string' ? ctx.query.sha256 : '')
    .split(',')
    .filter((h) => /^[0-9a-f]{64}$/.test(h))
    .slice(0, 1000)
  ctx.body = { existing: await knownHashes(app.get('knex'), companyNo, wanted, hiddenDocumentKinds(user)) }
}

const FILE_PATH = /^\/api\/documents\/([^/]+)\/file$/
const PAGE_PATH = /^\/api\/documents\/([^/]+)\/pages\/([^/]+)$/

/** HTTP endpoints for document files: multipart upload, hash check (resumable uploads), download, page images. */
export function documentRoutes(app: Application) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const path = ctx.path
    const get = ctx.method === 'GET'
    try {
      if (path === documentHttpPaths.upload && ctx.method === 'POST') return await handleUpload(app, ctx, () => bearerUser(app, ctx))
      if (path === documentHttpPaths.hashes && get) return await sendKnownHashes(app, ctx)
      const file = get ? FILE_PATH.exec(path) : null
      if (file) return await sendFile(app, ctx, file[1])
      const pageImage = get ? PAGE_PATH.exec(path) : null
      if (pageImage) return await sendPageImage(app, ctx, pageImage[1], pageImage[2])
    } catch (error) {
      answerError(ctx, error, app.get('logger'))
      return
    }
    await next()
  }
}
