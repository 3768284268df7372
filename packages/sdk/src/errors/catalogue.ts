/** The backend error types of §8 (Feathers errors): name, HTTP-like code and className. */
export const ERROR_CATALOGUE = {
  BadRequest: { code: 400, className: 'bad-request' },
  NotAuthenticated: { code: 401, className: 'not-authenticated' },
  PaymentError: { code: 402, className: 'payment-error' },
  Forbidden: { code: 403, className: 'forbidden' },
  NotFound: { code: 404, className: 'not-found' },
  MethodNotAllowed: { code: 405, className: 'method-not-allowed' },
  NotAcceptable: { code: 406, className: 'not-acceptable' },
  Timeout: { code: 408, className: 'timeout' },
  Conflict: { code: 409, className: 'conflict' },
  Gone: { code: 410, className: 'gone' },
  LengthRequired: { code: 411, className: 'length-required' },
  Unprocessable: { code: 422, className: 'unprocessable' },
  TooManyRequests: { code: 429, className: 'too-many-requests' },
  GeneralError: { code: 500, className: 'general-error' },
  NotImplemented: { code: 501, className: 'not-implemented' },
  BadGateway: { code: 502, className: 'bad-gateway' },
  Unavailable: { code: 503, className: 'unavailable' },
} as const

/** The name of a backend error type, e.g. `Forbidden`. */
export type ErrorName = keyof typeof ERROR_CATALOGUE

/** The code of a backend error type, e.g. 403. */
export type ErrorCode = (typeof ERROR_CATALOGUE)[ErrorName]['code']

/** Every backend error name, in ascending code order. */
export const ERROR_NAMES = Object.keys(ERROR_CATALOGUE) as ErrorName[]

/** True when `name` is one of the catalogue's error names. */
export function isErrorName(name: unknown): name is ErrorName {
  return typeof name === 'string' && Object.hasOwn(ERROR_CATALOGUE, name)
}

/** The error name for a code, or undefined when the catalogue has none (e.g. 407). */
export function errorNameForCode(code: number): ErrorName | undefined {
  return ERROR_NAMES.find((name) => ERROR_CATALOGUE[name].code === code)
}

/** The i18n key (namespace errors) of a backend error type's generic message. */
export function errorTypeKey(name: ErrorName): `errors:type.${ErrorName}` {
  return `errors:type.${name}`
}
