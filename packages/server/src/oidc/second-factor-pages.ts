import { createI18n, type Translate } from '@portal/sdk/i18n'
import type { Language } from '@portal/sdk/domain'
import { escapeHtml, renderPage } from './html'
import { idpTranslator } from './pages'
import { PASSKEY_SCRIPT, passkeyBlock, type PasskeyOffer } from './passkey-block'

const translators: Record<Language, Translate> = {
  en: createI18n({ lng: 'en' }).getFixedT('en', 'security'),
  de: createI18n({ lng: 'de' }).getFixedT('de', 'security'),
}

/** The security-namespace translator of a language (second-factor pages). */
export function securityTranslator(lang: Language): Translate {
  return translators[lang]
}

function page(lang: Language, title: string, body: string, script?: string): string {
  return renderPage({ lang, title, brand: idpTranslator(lang)('brand'), body, script })
}

function alert(message: string | undefined): string {
  return message ? `<div class="alert" role="alert">${escapeHtml(message)}</div>` : ''
}

/** Props of the second-factor page. */
export interface SecondFactorPageProps {
  lang: Language
  action: string
  passkey?: Omit<PasskeyOffer, 'label'>
  error?: string
}

/** After the password: a code (authenticator or recovery) or, when the user has one, a passkey. */
export function secondFactorPage(props: SecondFactorPageProps): string {
  const t = translators[props.lang]
  const body = `
<h1>${escapeHtml(t('provider.secondFactorHeading'))}</h1>
${alert(props.error)}
<form method="post" action="${escapeHtml(props.action)}" novalidate>
<label for="code">${escapeHtml(t('provider.codeLabel'))}</label>
<input type="text" id="code" name="code" inputmode="text" autocomplete="one-time-code" autocapitalize="characters" spellcheck="false" autofocus required>
<button type="submit">${escapeHtml(t('provider.verify'))}</button>
</form>
${props.passkey ? passkeyBlock({ ...props.passkey, label: t('provider.usePasskey') }) : ''}`
  return page(props.lang, t('provider.secondFactorTitle'), body, props.passkey ? PASSKEY_SCRIPT : undefined)
}

/** Props of the set-up page (the firm requires a second factor and the user has none). */
export interface SetupPageProps {
  lang: Language
  action: string
  qrSvg: string
  secret: string
  error?: string
}

/** Walks a user through setting up an authenticator app before the sign-in completes. */
export function setupPage(props: SetupPageProps): string {
  const t = translators[props.lang]
  const body = `
<h1>${escapeHtml(t('provider.setupHeading'))}</h1>
${alert(props.error)}
<p>${escapeHtml(t('provider.setupHint'))}</p>
<div class="qr" role="img" aria-label="QR">${props.qrSvg}</div>
<p class="muted">${escapeHtml(t('provider.manualKey'))}</p>
<p class="key" id="manual-key">${escapeHtml(props.secret)}</p>
<form method="post" action="${escapeHtml(props.action)}" novalidate>
<label for="code">${escapeHtml(t('totp.code'))}</label>
<input type="text" id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" autofocus required>
<button type="submit">${escapeHtml(t('totp.confirm'))}</button>
</form>`
  return page(props.lang, t('provider.setupTitle'), body)
}

/** Props of the recovery-codes page. */
export interface RecoveryPageProps {
  lang: Language
  action: string
  codes: readonly string[]
}

/** The ten recovery codes, shown once, then on to the portal. */
export function recoveryCodesPage(props: RecoveryPageProps): string {
  const t = translators[props.lang]
  const body = `
<h1>${escapeHtml(t('provider.recoveryHeading'))}</h1>
<p>${escapeHtml(t('recovery.hint'))}</p>
<ol class="codes" id="recovery-codes">${props.codes.map((code) => `<li>${escapeHtml(code)}</li>`).join('')}</ol>
<form method="post" action="${escapeHtml(props.action)}">
<button type="submit" autofocus>${escapeHtml(t('recovery.done'))}</button>
</form>`
  return page(props.lang, t('provider.recoveryHeading'), body)
}
