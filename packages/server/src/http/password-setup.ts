import type { Middleware, ParameterizedContext } from 'koa'
import { createI18n, translateMessage, type Translate } from '@portal/sdk/i18n'
import { MIN_PASSWORD_LENGTH, type Language } from '@portal/sdk/domain'
import type { Application } from '../declarations'
import { PASSWORD_SETUP_PATH } from '../accounts/password-links'
import { linkOwner, setPasswordWithLink } from '../commands/setPasswordWithLink'
import { escapeHtml, renderPage, sendPage } from '../oidc/html'
import { LANGUAGE_COOKIE, pickLanguage } from '../oidc/language'

const translators: Record<Language, Translate> = {
  en: createI18n({ lng: 'en' }).getFixedT('en'),
  de: createI18n({ lng: 'de' }).getFixedT('de'),
}

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/

function page(lang: Language, body: string): string {
  const t = translators[lang]
  return renderPage({ lang, title: t('users:setup.pageTitle'), brand: 'Portal', body })
}

function form(lang: Language, token: string, email: string, error?: string): string {
  const t = translators[lang]
  return page(
    lang,
    `<h1>${escapeHtml(t('users:setup.pageHeading', { email, interpolation: { escapeValue: false } }))}</h1>
${error ? `<div class="alert" role="alert">${escapeHtml(error)}</div>` : ''}
<form method="post" action="${PASSWORD_SETUP_PATH}" novalidate>
<input type="hidden" name="token" value="${escapeHtml(token)}">
<input type="text" name="username" value="${escapeHtml(email)}" autocomplete="username" hidden>
<label for="password">${escapeHtml(t('users:setup.password'))}</label>
<input type="password" id="password" name="password" autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" autofocus required>
<label for="repeat">${escapeHtml(t('users:setup.repeat'))}</label>
<input type="password" id="repeat" name="repeat" autocomplete="new-password" required>
<button type="submit">${escapeHtml(t('users:setup.submit'))}</button>
</form>`,
  )
}

/**
 * The page of a one-time password link (`/password-setup?token=…`): a form for the new password, repeated; on
 * success the link is used up and the page leads to the sign-in. The token travels in the query of the first GET
 * and in the form's body; the page sends no referrer and is not cached.
 */
export function passwordSetupRoutes(app: Application): Middleware {
  const db = app.get('knex')
  const portalUrl = app.get('config').publicUrl
  return async (ctx: ParameterizedContext, next) => {
    if (ctx.path !== PASSWORD_SETUP_PATH) return next()
    const lang = pickLanguage({ cookie: ctx.cookies.get(LANGUAGE_COOKIE), acceptLanguage: ctx.get('accept-language') })
    const t = translators[lang]
    const invalidPage = () => page(lang, `<h1>${escapeHtml(t('users:setup.pageTitle'))}</h1><div class="alert" role="alert">${escapeHtml(t('users:setup.invalidLink'))}</div>`)
    if (ctx.method === 'GET') {
      const token = typeof ctx.query.token === 'string' ? ctx.query.token : ''
      const owner = TOKEN.test(token) ? await linkOwner(db, token) : undefined
      if (!owner) {
        ctx.status = 404
        return sendPage(ctx, invalidPage())
      }
      return sendPage(ctx, form(lang, token, owner.email))
    }
    if (ctx.method !== 'POST') {
      ctx.status = 405
      return
    }
    const body = ((ctx.request as { body?: unknown }).body ?? {}) as Record<string, unknown>
    const token = typeof body.token === 'string' ? body.token : ''
    const password = typeof body.password === 'string' ? body.password : ''
    const repeat = typeof body.repeat === 'string' ? body.repeat : ''
    const owner = TOKEN.test(token) ? await linkOwner(db, token) : undefined
    if (!owner) {
      ctx.status = 404
      return sendPage(ctx, invalidPage())
    }
    const problem = await setPasswordWithLink(db, token, password, repeat)
    if (problem) {
      ctx.status = problem.key === 'users:setup.invalidLink' ? 404 : 400
      return sendPage(ctx, form(lang, token, owner.email, translateMessage(t, problem)))
    }
    return sendPage(
      ctx,
      page(lang, `<h1>${escapeHtml(t('users:setup.done'))}</h1><p><a href="${escapeHtml(portalUrl)}">${escapeHtml(t('users:setup.toSignIn'))}</a></p>`),
    )
  }
}
