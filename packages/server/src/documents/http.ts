import type { Context, Next } from 'koa'
import { NotAuthenticated, NotFound } from '@feathersjs/errors'
import { errorData } from '@portal/sdk/errors'
import { documentHttpPaths, type SessionUser } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { authorize } from '../policies/index'
import { attachmentDisposition } from './content-disposition'
import { answerError } from './http-errors'
import { boundedInteger, companyParam, MAX_ID } from './http-params'
import { hasPageImages, renderPageImage } from './page-image'
import { documentStore } from './runtime'
import { handleUpload } from './upload-route'

/** The session user of a bearer identity token, verified like a socket sign-in. */
async function bearerUser(app: Application, ctx: Context): Promise<SessionUser> {
  const header = ctx.get('authorization')
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  if (!match) throw new NotAuthenticated('Not authenticated', errorData('errors:access.notAuthenticated'))
  const auth = app.service('authentication' as never) as unknown as {
    authenticate(data: object, params: object, ...strategies: string[]): Promise<{ user: SessionUser }>
  }
  const result = await auth.authenticate({ strategy: 'jwt', accessToken: match[1] }, {}, 'jwt')
  return result.user
}

/** The document row a download names, after the policy allowed it; missing and foreign ones are refused alike. */
async function allowedDocument(app: Application, user: SessionUser, id: number, columns: string[]): Promise<Record<string, unknown> & { sha256: string; mime: string }> {
  const row = await app.get('knex')('documents').where({ id }).first(['company_no', ...columns])
  authorize(user, 'documents', 'get', { companyNo: row ? row.company_no : -1 })
  // Only reached by someone who may see every company (the policy refused everyone else above).
  if (!row) throw new NotFound(`Document ${id} not found`, errorData('errors:document.notFound', { id }))
  return row
}

/** GET /api/documents/:id/file: the original, as a download of its stored type that browsers never sniff or render in place. */
async function sendFile(app: Application, ctx: Context, rawId: string): Promise<void> {
  const user = await bearerUser(app, ctx)
  const row = await allowedDocument(app, user, boundedInteger(rawId, 'id', 1, MAX_ID), ['sha256', 'mime', 'file_name'])
  const { stream, size } = await documentStore(app).open(row.sha256.trim())
  ctx.type = row.mime
  ctx.length = size
  ctx.set('content-disposition', attachmentDisposition(String(row.file_name)))
  ctx.set('x-content-type-options', 'nosniff')
  ctx.set('cache-control', 'private, max-age=3600')
  ctx.body = stream
}

/** GET /api/documents/:id/pages/:page: one page drawn as PNG. */
async function sendPageImage(app: Application, ctx: Context, rawId: string, rawPage: string): Promise<void> {
  const user = await bearerUser(app, ctx)
  const id = boundedInteger(rawId, 'id', 1, MAX_ID)
  // Page 0 is a page the document does not have (404 below), not a malformed number.
  const page = boundedInteger(rawPage, 'page', 0, MAX_ID)
  const row = await allowedDocument(app, user, id, ['sha256', 'mime', 'pages'])
  const notFound = () => new NotFound(`The document has no page ${page}`, errorData('documents:pageNotFound', { page }))
  const pages = Number(row.pages)
  // Out of range by the page count intake recorded: no need to read the file.
  if (page < 1 || (pages > 0 && page > pages) || !hasPageImages(row.mime)) throw notFound()
  const image = await renderPageImage(await documentStore(app).get(row.sha256.trim()), row.mime, page)
  if (!image) throw notFound()
  ctx.type = 'image/png'
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
  const rows = wanted.length
    ? await app.get('knex')('documents').where({ company_no: companyNo }).whereNull('deleted_at').whereIn('sha256', wanted).select('id', 'sha256')
    : []
  ctx.body = { existing: rows.map((r: { id: number; sha256: string }) => ({ sha256: r.sha256.trim(), documentId: r.id })) }
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
