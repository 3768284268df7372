/** Storage key of the OIDC refresh token (the identity token uses the client's ACCESS_TOKEN_STORAGE_KEY). */
export const REFRESH_TOKEN_KEY = 'portal-refresh-token'
