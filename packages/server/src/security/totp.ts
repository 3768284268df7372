// Loaded on first use (setting up or checking a code), not at every server start.
const otp = () => import('otplib')
const qrcode = async () => (await import('qrcode')).default

/** Codes of the step before and after are accepted too (RFC 6238 §5.2: clocks drift). */
const TOLERANCE_SECONDS = 30

/** An authenticator secret (base32) with what an app needs to take it: the otpauth URI and its QR code (SVG). */
export interface TotpPresentation {
  secret: string
  uri: string
  qrSvg: string
}

/** What an app needs to take this secret. */
export async function presentTotpSecret(issuer: string, label: string, secret: string): Promise<TotpPresentation> {
  const { generateURI } = await otp()
  const uri = generateURI({ issuer, label, secret })
  const qrSvg = await (await qrcode()).toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return { secret, uri, qrSvg }
}

/** A new authenticator secret, ready to show. */
export async function newTotpSecret(issuer: string, label: string): Promise<TotpPresentation> {
  const { generateSecret } = await otp()
  return presentTotpSecret(issuer, label, generateSecret())
}

/** The time step of a valid six-digit code, or undefined; the caller refuses a step it already accepted. */
export async function totpStep(secret: string, code: string): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined
  const { verify } = await otp()
  const result = await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS })
  return result.valid && 'timeStep' in result ? result.timeStep : undefined
}
