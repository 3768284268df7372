import { createI18n, type Translate } from '@portal/sdk/i18n'
import type { Language } from '@portal/sdk/domain'
import { AUTO_SUBMIT_SCRIPT, escapeHtml, hiddenInputs, renderPage } from './html'
import { PASSKEY_SCRIPT, passkeyBlock, type PasskeyOffer } from './passkey-block'

const translators: Record<Language, Translate> = {
  en: createI18n({ lng: 'en' }).getFixedT('en', 'idp'),
  de: createI18n({ lng: 'de' }).getFixedT('de', 'idp'),
}

/** The idp-namespace translator of a language. */
export function idpTranslator(lang: Language): Translate {
  return translators[lang]
}

function page(lang: Language, title: string, body: string, script?: string): string {
  const t = translators[lang]
  return renderPage({ lang, title, brand: t('brand'), body, script })
}

function alert(message: string | undefined): string {
  return message ? `<div class="alert" role="alert">${escapeHtml(message)}</div>` : ''
}

/** Links that reload the page in the other language (sets the portal-lang cookie). */
function languageLinks(lang: Language, hrefFor: ((lang: Language) => string) | undefined): string {
  if (!hrefFor) return ''
  const t = translators[lang]
  const links = (['en', 'de'] as const)
    .map((l) => (l === lang ? `<strong>${t(`language.${l}`)}</strong>` : `<a href="${escapeHtml(hrefFor(l))}" hreflang="${l}" lang="${l}">${t(`language.${l}`)}</a>`))
    .join(' ')
  return `<nav class="lang" aria-label="${escapeHtml(t('language.switch'))}">${links}</nav>`
}

/** Props of the sign-in page. */
export interface SignInPageProps {
  lang: Language
  action: string
  username?: string
  error?: string
  languageHref?: (lang: Language) => string
  /** Passwordless sign-in with a passkey (the embedded provider's pages when the browser can). */
  passkey?: PasskeyOffer
}

/** Our sign-in page: a plain form with `username` and `password`, so password managers and scripts work. */
export function signInPage(props: SignInPageProps): string {
  const t = translators[props.lang]
  const body = `
<h1>${escapeHtml(t('signIn.heading'))}</h1>
${alert(props.error)}
<form method="post" action="${escapeHtml(props.action)}" novalidate>
<label for="username">${escapeHtml(t('signIn.username'))}</label>
<input type="text" id="username" name="username" value="${escapeHtml(props.username ?? '')}" autocomplete="username" autocapitalize="none" spellcheck="false" ${props.username ? '' : 'autofocus'} required>
<label for="password">${escapeHtml(t('signIn.password'))}</label>
<input type="password" id="password" name="password" autocomplete="current-password" ${props.username ? 'autofocus' : ''} required>
<button type="submit">${escapeHtml(t('signIn.submit'))}</button>
</form>
${props.passkey ? passkeyBlock(props.passkey) : ''}
${languageLinks(props.lang, props.languageHref)}`
  return page(props.lang, t('signIn.title'), body, props.passkey ? PASSKEY_SCRIPT : undefined)
}

/** Props of the device code entry page. */
export interface DeviceInputPageProps {
  lang: Language
  action: string
  hidden: Record<string, string>
  error?: string
}

/** Device flow, step 1: the user types the code shown in the terminal. */
export function deviceInputPage(props: DeviceInputPageProps): string {
  const t = translators[props.lang]
  const body = `
<h1>${escapeHtml(t('device.enterHeading'))}</h1>
${alert(props.error)}
<p class="muted">${escapeHtml(t('device.enterHint'))}</p>
<form method="post" action="${escapeHtml(props.action)}" novalidate>
${hiddenInputs(props.hidden)}
<label for="user_code">${escapeHtml(t('device.codeLabel'))}</label>
<input type="text" class="code" id="user_code" name="user_code" autocomplete="off" autocapitalize="characters" spellcheck="false" autofocus required>
<button type="submit">${escapeHtml(t('device.continue'))}</button>
</form>`
  return page(props.lang, t('device.title'), body)
}

/** Props of the device confirmation page. */
export interface DeviceConfirmPageProps {
  lang: Language
  action: string
  hidden: Record<string, string>
  userCode: string
  clientName: string
}

/** Device flow, step 2: the user checks that the code matches and allows the device. */
export function deviceConfirmPage(props: DeviceConfirmPageProps): string {
  const t = translators[props.lang]
  const body = `
<h1>${escapeHtml(t('device.confirmHeading'))}</h1>
<p class="muted">${escapeHtml(t('device.client', { name: props.clientName }))}</p>
<p>${escapeHtml(t('device.confirmHint'))}</p>
<div class="code-display">${escapeHtml(props.userCode)}</div>
<form method="post" action="${escapeHtml(props.action)}">
${hiddenInputs(props.hidden)}
<button type="submit">${escapeHtml(t('device.allow'))}</button>
<button type="submit" class="secondary" name="abort" value="yes">${escapeHtml(t('device.abort'))}</button>
</form>`
  return page(props.lang, t('device.title'), body)
}

/** Device flow, done. */
export function deviceSuccessPage(lang: Language): string {
  const t = translators[lang]
  return page(lang, t('device.title'), `<h1>${escapeHtml(t('device.successHeading'))}</h1><p>${escapeHtml(t('device.successText'))}</p>`)
}

/** Props of the logout page. */
export interface LogoutPageProps {
  lang: Language
  action: string
  hidden: Record<string, string>
  /** Submit at once (the portal asked with a valid id_token_hint); otherwise ask the user. */
  autoSubmit: boolean
}

/** RP-initiated logout: confirmation, or an auto-submitting form when the portal itself asked. */
export function logoutPage(props: LogoutPageProps): string {
  const t = translators[props.lang]
  if (props.autoSubmit) {
    const body = `
<h1>${escapeHtml(t('logout.signingOut'))}</h1>
<form method="post" action="${escapeHtml(props.action)}">
${hiddenInputs({ ...props.hidden, logout: 'yes' })}
<noscript><button type="submit">${escapeHtml(t('logout.confirm'))}</button></noscript>
</form>`
    return page(props.lang, t('logout.title'), body, AUTO_SUBMIT_SCRIPT)
  }
  const body = `
<h1>${escapeHtml(t('logout.question'))}</h1>
<form method="post" action="${escapeHtml(props.action)}">
${hiddenInputs(props.hidden)}
<button type="submit" name="logout" value="yes" autofocus>${escapeHtml(t('logout.confirm'))}</button>
<button type="submit" class="secondary">${escapeHtml(t('logout.stay'))}</button>
</form>`
  return page(props.lang, t('logout.title'), body)
}

/** Shown after logout when the portal gave no address to return to. */
export function loggedOutPage(lang: Language, portalUrl: string): string {
  const t = translators[lang]
  return page(
    lang,
    t('logout.title'),
    `<h1>${escapeHtml(t('logout.done'))}</h1><p><a href="${escapeHtml(portalUrl)}">${escapeHtml(t('logout.back'))}</a></p>`,
  )
}

/** Props of the error page. */
export interface ErrorPageProps {
  lang: Language
  message?: string
  detail?: string
  portalUrl: string
}

/** Errors of the provider in the portal's look; the OAuth error code is shown small for support. */
export function errorPage(props: ErrorPageProps): string {
  const t = translators[props.lang]
  const body = `
<h1>${escapeHtml(t('error.title'))}</h1>
<div class="alert" role="alert">${escapeHtml(props.message ?? t('error.text'))}</div>
${props.detail ? `<p class="muted"><small>${escapeHtml(props.detail)}</small></p>` : ''}
<p><a href="${escapeHtml(props.portalUrl)}">${escapeHtml(t('error.back'))}</a></p>`
  return page(props.lang, t('error.title'), body)
}
