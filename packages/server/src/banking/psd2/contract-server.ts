import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

// Test support, not served: a local server that follows the documented contract of GoCardless Bank Account Data API v2 (used by the adapter's
// tests and the banking integration test): token, end-user agreement, requisition with its consent link that
// redirects back with the reference, the requisition's status and accounts once linked, account details, balances
// and transactions, and expiry (requisition EX, "EUA expired").

/** The one account the fake bank links. */
export const ACCOUNT = '7e944232-bda9-40bc-b784-660c7ab5fe78'
/** What the fake provider holds; tests flip `agreementExpired`. */
export const state = { status: 'CR', reference: '', redirect: '', agreementExpired: false, tokens: 0 }

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}

async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = ''
  for await (const chunk of req) text += String(chunk)
  return text ? (JSON.parse(text) as Record<string, unknown>) : {}
}

/** Answers one request as the provider would. */
async function provider(req: IncomingMessage, res: ServerResponse, base: string): Promise<void> {
  const url = new URL(req.url ?? '/', base)
  if (url.pathname === '/api/v2/token/new/' && req.method === 'POST') {
    const data = await body(req)
    if (data.secret_id !== 'id-1' || data.secret_key !== 'key-1') return send(res, 401, { summary: 'Authentication failed', status_code: 401 })
    state.tokens += 1
    return send(res, 200, { access: `access-${state.tokens}`, access_expires: 86400, refresh: 'refresh', refresh_expires: 2592000 })
  }
  if (url.pathname === '/consent') {
    // The bank's consent screen, done: back to the portal with the reference.
    state.status = 'LN'
    res.writeHead(302, { location: `${state.redirect}?ref=${encodeURIComponent(state.reference)}` })
    res.end()
    return
  }
  if (!String(req.headers.authorization ?? '').startsWith('Bearer access-')) return send(res, 401, { summary: 'Invalid token', status_code: 401 })
  if (url.pathname === '/api/v2/agreements/enduser/' && req.method === 'POST') {
    const data = await body(req)
    if (data.access_valid_for_days !== 90) return send(res, 400, { summary: 'access_valid_for_days must be 90 here', status_code: 400 })
    return send(res, 201, { id: 'agreement-1', access_valid_for_days: 90, accepted: null })
  }
  if (url.pathname === '/api/v2/requisitions/' && req.method === 'POST') {
    const data = await body(req)
    state.reference = String(data.reference)
    state.redirect = String(data.redirect)
    return send(res, 201, { id: 'req-1', status: 'CR', link: `${base}/consent`, accounts: [], agreement: data.agreement, reference: data.reference })
  }
  if (url.pathname === '/api/v2/requisitions/req-1/') return send(res, 200, { id: 'req-1', status: state.status, link: `${base}/consent`, accounts: state.status === 'LN' ? [ACCOUNT] : [] })
  if (state.agreementExpired && url.pathname.startsWith('/api/v2/accounts/')) return send(res, 400, { summary: 'End User Agreement (EUA) agreement-1 has expired', status_code: 400 })
  if (url.pathname === `/api/v2/accounts/${ACCOUNT}/details/`) return send(res, 200, { account: { iban: 'AT402011182221219900', currency: 'EUR', ownerName: 'Alpenblick Gastronomie GmbH' } })
  if (url.pathname === `/api/v2/accounts/${ACCOUNT}/balances/`) {
    return send(res, 200, { balances: [{ balanceAmount: { amount: '1150.10', currency: 'EUR' }, balanceType: 'closingBooked', referenceDate: '2026-03-03' }, { balanceAmount: { amount: '1160.10', currency: 'EUR' }, balanceType: 'expected' }] })
  }
  if (url.pathname === `/api/v2/accounts/${ACCOUNT}/transactions/`) {
    return send(res, 200, {
      transactions: {
        booked: [
          { transactionId: 'T2', bookingDate: '2026-03-03', valueDate: '2026-03-03', transactionAmount: { amount: '-49.90', currency: 'EUR' }, creditorName: 'Strom AG', creditorAccount: { iban: 'DE44500105175407324931' }, remittanceInformationUnstructured: 'Strom Maerz', mandateId: 'MANDATE-77' },
          { transactionId: 'T1', bookingDate: '2026-03-02', valueDate: '2026-03-02', transactionAmount: { amount: '200.00', currency: 'EUR' }, debtorName: 'Muster Handels GmbH', debtorAccount: { iban: 'AT791400000012345678' }, remittanceInformationUnstructured: 'Rechnung AR-2026-0007', endToEndId: 'AR-2026-0007' },
        ],
        pending: [{ transactionAmount: { amount: '10.00', currency: 'EUR' }, remittanceInformationUnstructured: 'pending' }],
      },
    })
  }
  if (url.pathname === '/api/v2/requisitions/gone/') return send(res, 200, { id: 'gone', status: 'EX', link: '', accounts: [ACCOUNT] })
  return send(res, 404, { summary: 'Not found', status_code: 404 })
}

/** Starts the fake provider on a free port; answers its base URL and a stop. */
export async function startPsd2Provider(): Promise<{ url: string; server: Server; stop: () => Promise<void> }> {
  let base = ''
  const server = createServer((req, res) => void provider(req, res, base))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { url: base, server, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
