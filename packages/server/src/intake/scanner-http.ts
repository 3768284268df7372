import type { Context, Next } from 'koa'
import { Forbidden, NotAuthenticated } from '@feathersjs/errors'
import { errorData, errorDataOf } from '@portal/sdk/errors'
import { scannerHttpPaths, scannersPath, SCANNER_TOKEN_PREFIX, type Reason, type UploadResponse } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { answerError } from '../documents/http-errors'
import { companyParam, editorParam, typeParam } from '../documents/http-params'
import { drainRequest } from '../documents/multipart'
import { receiveAndTakeIn } from '../documents/upload-route'
import { loadScanner, recordScannerCall, scannerOfToken, type ScannerCredential } from '../models/scanners'
import { intakeUser } from './intake-user'

/** The scanner of the request's `Authorization: Bearer pst_…`; 401 for none, a revoked or an unknown token. */
async function signedInScanner(app: Application, ctx: Context): Promise<ScannerCredential> {
  const match = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'))
  const token = match?.[1]
  const scanner = token?.startsWith(SCANNER_TOKEN_PREFIX) ? await scannerOfToken(app.get('knex'), token) : undefined
  if (!scanner) throw new NotAuthenticated('Unknown or revoked scanner token', errorData('scanners:refusal.unknownToken'))
  return scanner
}

/**
 * A company named in the request other than the scanner's is refused, not silently replaced; a `client` that is no
 * company number at all (a NUL, text) is refused as such, so the refusal recorded never carries what was sent.
 */
function assertOwnCompany(ctx: Context, scanner: ScannerCredential): void {
  if (ctx.query.client === undefined) return
  const named = companyParam(ctx)
  if (named !== scanner.company_no) {
    throw new Forbidden('A scanner delivers only to its own company', errorData('scanners:refusal.foreignCompany', { client: String(named), company: scanner.company_no }))
  }
}

/** What the call leaves as the scanner's last error: the first refused file's reason, if any. */
function firstRefusal(response: UploadResponse): Reason | undefined {
  const refused = response.results.find((result) => result.status === 'refused')
  return refused?.error ? { key: refused.error.key, params: refused.error.params } : undefined
}

/** Last seen, counts and last error of the call, published live to the scanner's admins. */
async function recordCall(app: Application, scannerId: number, call: { documents: number; error?: Reason }): Promise<void> {
  const knex = app.get('knex')
  await recordScannerCall(knex, scannerId, call)
  const scanner = await loadScanner(knex, scannerId)
  if (scanner) app.service(scannersPath).emit('patched', scanner)
}

/**
 * POST /api/scanner/upload: a scanner (or a scanning PC) delivers files with its token, as multipart field `files`
 * like the document upload, whose checks and answers it shares (receiveAndTakeIn). The files become documents of the
 * scanner's company only; a deactivated scanner is refused with nothing stored. Every call counts as the scanner
 * being seen.
 */
export function scannerRoutes(app: Application) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.path !== scannerHttpPaths.upload || ctx.method !== 'POST') return next()
    let scanner: ScannerCredential | undefined
    try {
      const response = await receiveAndTakeIn(app, ctx, async () => {
        scanner = await signedInScanner(app, ctx)
        if (!scanner.activated) {
          throw new Forbidden('This scanner is deactivated', errorData('scanners:refusal.deactivated', { location: scanner.location }))
        }
        assertOwnCompany(ctx, scanner)
        const user = intakeUser(scanner.company_no, { id: `scanner:${scanner.id}`, name: scanner.location })
        // ?editor=1: a stack of invoices scanned as one file goes to the document editor, to be split there.
        return { user, companyNo: scanner.company_no, type: typeParam(ctx), inEditor: editorParam(ctx) }
      })
      const documents = response.results.filter((result) => result.status === 'uploaded').length
      await recordCall(app, scanner!.id, { documents, error: firstRefusal(response) })
    } catch (error) {
      drainRequest(ctx.req, ctx.res, app.get('config').maxUploadRequestBytes)
      if (scanner) {
        const reason = errorDataOf(error) ?? { key: 'errors:type.GeneralError', params: {} }
        await recordCall(app, scanner.id, { documents: 0, error: reason }).catch((failure: unknown) =>
          app.get('logger').error({ err: failure }, 'recording a scanner call failed'),
        )
      }
      answerError(ctx, error, app.get('logger'))
    }
  }
}
