import { escapeHtml } from './html'
import { WEBAUTHN_SCRIPT } from './webauthn-script'

/** A passkey offered on a page: where the assertion goes, the browser's request options, the button's text. */
export interface PasskeyOffer {
  action: string
  options: unknown
  label: string
}

/**
 * The passkey button (hidden until the script finds WebAuthn in the browser), its options as a JSON data block
 * (`<` escaped, so it cannot end the block) and the form the script posts.
 */
export function passkeyBlock(offer: PasskeyOffer): string {
  const json = JSON.stringify(offer.options).replace(/</g, '\\u003c')
  return `
<p class="or"><button type="button" id="passkey" class="secondary" hidden>${escapeHtml(offer.label)}</button></p>
<script type="application/json" id="webauthn-options">${json}</script>
<form method="post" action="${escapeHtml(offer.action)}" id="passkey-form"><input type="hidden" name="assertion" value=""><input type="hidden" name="failed" value=""></form>`
}

/** The script that goes with passkeyBlock. */
export const PASSKEY_SCRIPT = WEBAUTHN_SCRIPT
