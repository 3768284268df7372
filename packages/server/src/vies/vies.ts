/**
 * The EU's VIES service (VAT Information Exchange System) through its REST API: `POST {VIES_URL}/check-vat-number`
 * with `{ countryCode, vatNumber }` answers `{ countryCode, vatNumber, requestDate, valid, name, address }` (name and
 * address '---' when the member state does not give them). A refusal of the service (a non-2xx answer, an
 * `errorWrappers` list or a `userError` other than VALID/INVALID such as MS_UNAVAILABLE, TIMEOUT,
 * GLOBAL_MAX_CONCURRENT_REQ), no answer within the time limit, or VIES switched off (VIES_URL=off) is 'unavailable':
 * the caller says 'check failed' and still saves a VAT id whose format and check digits are right.
 */

/** What VIES said about a VAT id. */
export type ViesOutcome =
  | { state: 'valid'; name: string | null; address: string | null; requestDate: string | null }
  | { state: 'invalid'; requestDate: string | null }
  | { state: 'unavailable'; reason: string }

/** The default REST base of the Commission's service. */
export const VIES_DEFAULT_URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api'

/** How long the portal waits for VIES before it calls the check failed. */
export const VIES_TIMEOUT_MS = 8000

const given = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' && value.trim() !== '---' ? value.trim() : null)

/**
 * Asks VIES about one VAT id (prefix as VIES spells it, e.g. EL for Greece; number without it). `baseUrl` undefined
 * means switched off.
 */
export async function checkVies(baseUrl: string | undefined, countryCode: string, vatNumber: string, timeoutMs = VIES_TIMEOUT_MS): Promise<ViesOutcome> {
  if (!baseUrl) return { state: 'unavailable', reason: 'off' }
  let response: Response
  try {
    response = await fetch(`${baseUrl.replace(/\/+$/, '')}/check-vat-number`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ countryCode, vatNumber }),
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    return { state: 'unavailable', reason: error instanceof Error ? error.name : 'network' }
  }
  let body: Record<string, unknown>
  try {
    body = (await response.json()) as Record<string, unknown>
  } catch {
    return { state: 'unavailable', reason: `http ${response.status}` }
  }
  if (!response.ok || Array.isArray(body.errorWrappers) || body.actionSucceed === false) {
    const wrapper = Array.isArray(body.errorWrappers) ? (body.errorWrappers[0] as { error?: string } | undefined) : undefined
    return { state: 'unavailable', reason: wrapper?.error ?? `http ${response.status}` }
  }
  const userError = typeof body.userError === 'string' ? body.userError : null
  if (userError && userError !== 'VALID' && userError !== 'INVALID') return { state: 'unavailable', reason: userError }
  const valid = body.valid ?? body.isValid
  if (typeof valid !== 'boolean') return { state: 'unavailable', reason: 'unexpected answer' }
  const requestDate = given(body.requestDate)
  return valid ? { state: 'valid', name: given(body.name), address: given(body.address), requestDate } : { state: 'invalid', requestDate }
}
