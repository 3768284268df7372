import { createHash } from 'node:crypto'
import type { Language } from '@portal/sdk/domain'
import { WEBAUTHN_SCRIPT } from './webauthn-script'

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

// The portal's look (primary #336699), inline: the provider's pages load nothing from anywhere else.
const STYLE = `
:root{color-scheme:light dark;--primary:#336699;--primary-dark:#264d73;--bg:#f4f6f8;--card:#fff;--text:#1f2328;--muted:#59636e;--border:#d1d9e0;--danger:#cf222e}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--card:#161b22;--text:#e6edf3;--muted:#9198a1;--border:#3d444d;--danger:#f85149}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;background:var(--bg);color:var(--text);font:16px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI","Noto Sans",Helvetica,Arial,sans-serif}
header{width:100%;background:var(--primary);color:#fff;padding:12px 24px;font-weight:600;font-size:20px}
main{width:100%;max-width:400px;margin:48px 16px;background:var(--card);border:1px solid var(--border);border-radius:8px;padding:32px}
h1{font-size:22px;margin:0 0 24px;font-weight:600}
label{display:block;font-weight:600;margin:16px 0 6px}
input[type=text],input[type=password],input[type=email]{width:100%;padding:8px 12px;font-size:16px;border:1px solid var(--border);border-radius:6px;background:var(--card);color:var(--text)}
input:focus,button:focus{outline:2px solid var(--primary);outline-offset:1px}
input.code{text-transform:uppercase;letter-spacing:.2em;text-align:center;font-size:20px}
button{width:100%;margin-top:24px;padding:10px;font-size:16px;font-weight:600;border:0;border-radius:6px;background:var(--primary);color:#fff;cursor:pointer}
button:hover{background:var(--primary-dark)}
button.secondary{background:transparent;color:var(--primary);border:1px solid var(--border);margin-top:12px}
.alert{border:1px solid var(--danger);color:var(--danger);border-radius:6px;padding:8px 12px;margin-bottom:8px}
.muted{color:var(--muted)}
.code-display{font:600 28px/1.2 ui-monospace,SFMono-Regular,Menlo,monospace;letter-spacing:.15em;text-align:center;margin:16px 0}
nav.lang{margin-top:24px;text-align:center;font-size:14px}
nav.lang a{color:var(--primary);margin:0 6px}
a{color:var(--primary)}
.qr svg{display:block;width:200px;height:200px;margin:8px auto;background:#fff}
.key,.codes{font:600 15px/1.6 ui-monospace,SFMono-Regular,Menlo,monospace;word-break:break-all}
.codes{columns:2;padding-left:1.2em}
.or{text-align:center;margin:16px 0 0}
`

/** A script a provider page may run: the auto-submit of the logout form (the other: WEBAUTHN_SCRIPT, passkeys). */
export const AUTO_SUBMIT_SCRIPT = 'document.forms[0].submit()'

const AUTO_SUBMIT_HASH = createHash('sha256').update(AUTO_SUBMIT_SCRIPT).digest('base64')
const WEBAUTHN_HASH = createHash('sha256').update(WEBAUTHN_SCRIPT).digest('base64')

/**
 * Headers of every provider page: not cached, not framed, and a content security policy that lets the page load
 * nothing from anywhere (inline style, the auto-submit and passkey scripts, forms to our own origin only).
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'content-security-policy': [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `script-src 'sha256-${AUTO_SUBMIT_HASH}' 'sha256-${WEBAUTHN_HASH}'`,
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; '),
}

/** Something a page can be sent on (a Koa context). */
export interface PageTarget {
  type: string
  body: unknown
  set(field: string, value: string): void
}

/** Sends a provider page with PAGE_HEADERS. */
export function sendPage(ctx: PageTarget, html: string): void {
  ctx.type = 'html'
  for (const [name, value] of Object.entries(PAGE_HEADERS)) ctx.set(name, value)
  ctx.body = html
}

/** Options of a provider page. */
export interface PageOptions {
  lang: Language
  title: string
  brand: string
  body: string
  /** Extra inline script (auto-submit), kept tiny. */
  script?: string
}

/** A complete, self-contained provider page. */
export function renderPage(options: PageOptions): string {
  return `<!DOCTYPE html>
<html lang="${options.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(options.title)} – ${escapeHtml(options.brand)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>${escapeHtml(options.brand)}</header>
<main>
${options.body}
</main>
${options.script ? `<script>${options.script}</script>` : ''}
</body>
</html>`
}

/** Reads action and hidden fields out of a form oidc-provider rendered, so we can render our own. */
export function formParts(formHtml: string): { action: string; hidden: Record<string, string> } {
  const action = /action="([^"]*)"/.exec(formHtml)?.[1] ?? ''
  const hidden: Record<string, string> = {}
  for (const match of formHtml.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\s*\/?>/g)) {
    hidden[match[1]] = match[2]
  }
  return { action, hidden }
}

/** Hidden inputs for a form (values escaped). */
export function hiddenInputs(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('')
}
