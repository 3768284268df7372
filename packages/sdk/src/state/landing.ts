import { FIRM_STAFF_PERMISSIONS, hasAnyPermission } from '../domain/permissions'
import { buildPath, homePath, NO_CLIENT, routeByName } from './routes'

/** Where `/` leads on this device: `phone` is true on a small touch screen (the web app asks the media queries). */
export interface LandingOptions {
  phone?: boolean
}

/**
 * Where `/` leads a signed-in user (homePath); on a phone, a client company's people (no permission of the firm's
 * staff) who may upload land on the camera capture instead (issue 36). Kept apart from routes.ts so the first load
 * does not carry it (the start page is a lazily loaded screen).
 */
export function landingPath(permissions: readonly string[], favClient: number | null | undefined, options: LandingOptions = {}): string {
  if (options.phone && permissions.includes('doc') && !permissions.includes('ove') && !hasAnyPermission(permissions, FIRM_STAFF_PERMISSIONS)) {
    return buildPath(routeByName('capture').path, { client: favClient ?? NO_CLIENT })
  }
  return homePath(permissions, favClient)
}
