import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { DocumentCommentRecord } from '../../packages/sdk/src/services/index'
import { seriousViolations } from '../support/axe'
import { signInSession, uploadFiles, type UserSession } from '../support/session'
import { cspCheckedPages, signInAt, startWebPortal, switchLanguage, type WebPortal } from './web-support'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

// Requests and comments, the company's side (issue 34), in Chromium on the built portal and the real server, in both
// languages: the company's people see what the firm asks on their landing page and answer with a text (English) and
// with an upload (German); on a document they comment with the keyboard, mentioning a staff member, and see the
// firm's reply arrive live. axe-clean.
const INVOICE_PDF = join(import.meta.dirname, '../fixtures/corpora/zugferd_corpus/docs/XML-Rechnung__FX__EN16931_1_Teilrechnung.pdf')

let portal: WebPortal
let staff: UserSession
const pages = cspCheckedPages({ viewport: { width: 1440, height: 1000 } })

beforeAll(async () => {
  portal = await startWebPortal('requests-client', { WORKER_CONCURRENCY: '0' })
  staff = await signInSession(portal.server.url, 'staff@demo.portal')
}, 300_000)
afterEach(() => pages.closeAll())
afterAll(async () => {
  staff?.client.close()
  await portal?.close()
})

describe('requests and comments, the company side', () => {
  it('answers on the landing page with a text (English) and with an upload (German)', async () => {
    const question = await staff.client.service('document-requests').create({ company_no: 1002, kind: 'question', text: 'What was the payment to Büro Kaiser for?', due_date: '2026-04-15' })
    const page = await pages.open()
    await signInAt(page, portal.server.url, 'client@demo.portal', '/')
    await switchLanguage(page, 'en')
    const block = page.getByTestId('open-requests')
    await block.getByText('Requests from your tax firm').waitFor()
    expect(await block.getByTestId(`request-${question.id}`).textContent()).toContain('Question · Due 15 Apr 2026')

    await page.getByTestId(`request-answer-text-${question.id}`).focus()
    await page.keyboard.type('Paper and toner for the office.')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await page.getByText('Answer sent.').waitFor()
    // Answered: it leaves the block of open requests.
    await block.getByTestId(`request-${question.id}`).waitFor({ state: 'detached' })
    expect((await staff.client.service('document-requests').find({ query: { id: question.id } })).data[0]).toMatchObject({ status: 'answered', answer: 'Paper and toner for the office.' })

    // A new request arrives live while the page is open.
    const receipt = await staff.client.service('document-requests').create({ company_no: 1002, text: 'Rechnung Büro Kaiser März', due_date: '2026-04-20' })
    await switchLanguage(page, 'de')
    await block.getByText('Anforderungen Ihrer Steuerberatung').waitFor()
    await block.getByTestId(`request-${receipt.id}`).getByText('Dokument · Fällig am 20.04.2026').waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.getByTestId(`request-upload-input-${receipt.id}`).setInputFiles(INVOICE_PDF)
    await page.getByText('Beleg hochgeladen und als Antwort gesendet.').waitFor()
    const [answered] = (await staff.client.service('document-requests').find({ query: { id: receipt.id } })).data
    expect(answered.status).toBe('answered')
    expect(answered.document_id).toBeGreaterThan(0)
  })

  it('comments on a document with the keyboard, mentions a staff member and sees the reply live (English, then German)', async () => {
    const bytes = Buffer.concat([await readFile(INVOICE_PDF), Buffer.from('\n% comment e2e\n')])
    const response = await uploadFiles(portal.server.url, staff.token, 1002, [{ name: 'kommentar.pdf', bytes }])
    const documentId = ((await response.json()) as { results: { documentId: number }[] }).results[0].documentId
    const page = await pages.open()
    await signInAt(page, portal.server.url, 'client@demo.portal', `/doc/1002/${documentId}`)
    await switchLanguage(page, 'en')
    const thread = page.getByTestId('comment-thread')
    await thread.getByText('No comments yet.').waitFor()

    const toStaff = new Promise<DocumentCommentRecord>((resolve) => staff.client.service('document-comments').once('created', resolve))
    await page.getByTestId('comment-text').focus()
    await page.keyboard.type('@Stefan Bauer please book this on the office cost centre.')
    await page.keyboard.press('Control+Enter')
    await thread.getByText('Mentions: Stefan Bauer').waitFor()
    expect(await toStaff).toMatchObject({ document_id: documentId, author_name: 'Clara Steiner' })

    await staff.client.service('document-comments').create({ document_id: documentId, text: 'Erledigt, Kostenstelle Büro.' })
    await thread.getByText('Erledigt, Kostenstelle Büro.').waitFor()
    await switchLanguage(page, 'de')
    await thread.getByText('Kommentare', { exact: true }).waitFor()
    expect(await page.getByTestId('comment').count()).toBe(2)
    expect(await seriousViolations(page)).toEqual([])
  })
})
