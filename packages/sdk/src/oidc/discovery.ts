import { allowInsecureRequests, discovery, None, type Configuration } from 'openid-client'

/**
 * Reads the provider's discovery document and returns the openid-client configuration for a public client.
 * Plain http is allowed for an http issuer (the embedded provider of a local set-up); https is used otherwise.
 */
export async function discoverProvider(issuer: string, clientId: string): Promise<Configuration> {
  const url = new URL(issuer)
  return discovery(url, clientId, undefined, None(), {
    execute: url.protocol === 'http:' ? [allowInsecureRequests] : [],
  })
}
