/** The media query of a phone: a touch screen (coarse pointer) narrower than a tablet held upright. */
export const PHONE_QUERY = '(pointer: coarse) and (max-width: 767px)'

/** True on a phone (PHONE_QUERY), where a client's start is the camera capture (docs/mobile.md). */
export function isPhone(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches
}
