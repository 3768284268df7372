import busboy from 'busboy'
import type { Context, Next } from 'koa'
import { NotAuthenticated, BadRequest, NotFound, type FeathersError } from '@feathersjs/errors'
import { errorData } from '@portal/sdk/errors'
import { documentHttpPaths, type SessionUser, type UploadResponse } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { authorize } from '../policies/index'
import { intakeDocument, UPLOAD_TYPES, type UploadType } from './intake'
import { hasPageImages, renderPageImage } from './page-image'
import { documentStore } from './runtime'

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

function companyParam(ctx: Context): number {
  const raw = String(ctx.query.client ?? '')
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) {
    throw new BadRequest('Query parameter "client" must be a company number', errorData('errors:query.wrongType', { field: 'client', kind: 'companyNumber' }))
  }
  return Number(raw)
}

function typeParam(ctx: Context): UploadType | undefined {
  const raw = ctx.query.type
  if (raw === undefined || raw === '') return undefined
  if (typeof raw === 'string' && raw.toLowerCase() in UPLOAD_TYPES) return raw.toLowerCase() as UploadType
  throw new BadRequest(`Query parameter "type" must be one of ${Object.keys(UPLOAD_TYPES).join(', ')}`, errorData('errors:query.allowedValues', { field: 'type', values: Object.keys(UPLOAD_TYPES).join(', ') }))
}

/** Reads every file of a multipart body into memory, refusing any larger than `maxBytes`. */
function readFiles(ctx: Context, maxBytes: number): Promise<{ name: string; bytes: Buffer; truncated: boolean }[]> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({ headers: ctx.req.headers, limits: { fileSize: maxBytes + 1, files: 1000 } })
    } catch {
      reject(new BadRequest('Expected a multipart/form-data body with files', errorData('documents:upload.notMultipart')))
      return
    }
    const files: { name: string; bytes: Buffer; truncated: boolean }[] = []
    const pending: Promise<void>[] = []
    parser.on('file', (_field, stream, info) => {
      pending.push(
        new Promise((done, fail) => {
          const chunks: Buffer[] = []
          let truncated = false
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('limit', () => (truncated = true))
          stream.on('error', fail)
          stream.on('end', () => {
            files.push({ name: info.filename || 'upload', bytes: Buffer.concat(chunks), truncated })
            done()
          })
        }),
      )
    })
    parser.on('error', reject)
    parser.on('close', () => void Promise.all(pending).then(() => resolve(files), reject))
    ctx.req.pipe(parser)
  })
}

function sendError(ctx: Context, error: unknown): void {
  const feathersError = error as FeathersError
  if (typeof feathersError?.code === 'number' && feathersError.code >= 400 && feathersError.code < 500) {
    ctx.status = feathersError.code
    ctx.body = feathersError.toJSON()
    return
  }
  throw error
}

/** HTTP endpoints for document files: multipart upload, hash check (resumable uploads), download, page images. */
export function documentRoutes(app: Application) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const path = ctx.path
    try {
      if (path === documentHttpPaths.upload && ctx.method === 'POST') {
        const user = await bearerUser(app, ctx)
        const companyNo = companyParam(ctx)
        const type = typeParam(ctx)
        authorize(user, 'documents', 'create', { companyNo })
        const maxBytes = app.get('config').maxUploadBytes
        const files = await readFiles(ctx, maxBytes)
        if (files.length === 0) throw new BadRequest('No files in the upload (multipart field "files")', errorData('documents:upload.noFiles'))
        const results: UploadResponse['results'] = []
        for (const file of files) {
          if (file.truncated) {
            results.push({ file: file.name, status: 'refused', error: { key: 'documents:refusal.tooLarge', params: { file: file.name, max: maxBytes }, message: 'refusal.tooLarge' } })
            continue
          }
          results.push(await intakeDocument({ app, user, companyNo, fileName: file.name, bytes: file.bytes, type }))
        }
        ctx.body = { results } satisfies UploadResponse
        return
      }
      if (path === documentHttpPaths.hashes && ctx.method === 'GET') {
        const user = await bearerUser(app, ctx)
        const companyNo = companyParam(ctx)
        authorize(user, 'documents', 'find', { companyNo })
        const wanted = String(ctx.query.sha256 ?? '')
          .split(',')
          .filter((h) => /^[0-9a-f]{64}$/.test(h))
          .slice(0, 1000)
        const rows = wanted.length
          ? await app.get('knex')('documents').where({ company_no: companyNo }).whereNull('deleted_at').whereIn('sha256', wanted).select('id', 'sha256')
          : []
        ctx.body = { existing: rows.map((r: { id: number; sha256: string }) => ({ sha256: r.sha256.trim(), documentId: r.id })) }
        return
      }
      const file = /^\/api\/documents\/(\d{1,10})\/file$/.exec(path)
      if (file && ctx.method === 'GET') {
        const user = await bearerUser(app, ctx)
        const row = await app.get('knex')('documents').where({ id: Number(file[1]) }).first('company_no', 'sha256', 'mime', 'file_name')
        // Missing and foreign documents get the same refusal.
        authorize(user, 'documents', 'get', { companyNo: row ? row.company_no : -1 })
        ctx.type = row.mime
        ctx.set('content-disposition', `inline; filename="${encodeURIComponent(row.file_name)}"`)
        ctx.set('cache-control', 'private, max-age=3600')
        ctx.body = await documentStore(app).get(row.sha256.trim())
        return
      }
      const pageImage = /^\/api\/documents\/(\d{1,10})\/pages\/(\d{1,6})$/.exec(path)
      if (pageImage && ctx.method === 'GET') {
        const user = await bearerUser(app, ctx)
        const row = await app.get('knex')('documents').where({ id: Number(pageImage[1]) }).first('company_no', 'sha256', 'mime', 'pages')
        // Missing and foreign documents get the same refusal.
        authorize(user, 'documents', 'get', { companyNo: row ? row.company_no : -1 })
        const page = Number(pageImage[2])
        const notFound = () => new NotFound(`The document has no page ${page}`, errorData('documents:pageNotFound', { page }))
        // Out of range by the page count intake recorded: no need to read the file.
        if (page < 1 || (row.pages > 0 && page > row.pages) || !hasPageImages(row.mime)) throw notFound()
        const image = await renderPageImage(await documentStore(app).get(row.sha256.trim()), row.mime, page)
        if (!image) throw notFound()
        ctx.type = 'image/png'
        ctx.set('cache-control', 'private, max-age=3600')
        ctx.body = Buffer.from(image.png.buffer, image.png.byteOffset, image.png.byteLength)
        return
      }
    } catch (error) {
      sendError(ctx, error)
      return
    }
    await next()
  }
}
