/** True when the URL carries a sign-in answer: a fragment with state and a code or an error (SPEC §2, §7). */
export function isSignInCallback(href: string): boolean {
  const params = new URLSearchParams(new URL(href).hash.replace(/^#/, ''))
  return params.has('state') && (params.has('code') || params.has('error'))
}
