/** Fetches an HTTP endpoint of the portal with the bearer identity token (file and page endpoints, not the socket). */
export async function fetchWithToken(url: string, token: () => Promise<string | null>, signal: AbortSignal): Promise<Response> {
  const bearer = await token()
  return fetch(url, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {}, signal })
}
