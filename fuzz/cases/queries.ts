import { serviceRegistrations } from '../../packages/sdk/src/services/index'
import type { FuzzCase, FuzzContext } from '../case'
import type { Rng } from '../random'
import { emitCall, openSocket, type Identity } from '../sockets'

const CATEGORY = 'service query'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** A call that would pass validation for the admin: the starting point every mutation bends. */
interface BaseCall {
  id?: Json
  data?: Json
  query: { [key: string]: Json }
  /** Sent instead of `query` when set: a query that is no object at all. */
  rawQuery?: Json
}

/** Valid calls per service and method, written from the SDK's schemas. */
function baseCall(context: FuzzContext, rng: Rng, path: string, method: string): BaseCall {
  const client = context.companyNo
  const documentId = context.documentIds.length ? rng.pick(context.documentIds) : 1
  const table: Record<string, Record<string, () => BaseCall>> = {
    'company-settings': { find: () => ({ query: { client } }), patch: () => ({ id: client, data: { show_cash_book: rng.chance(0.5) }, query: {} }) },
    'acc-periods': { find: () => ({ query: { client, acc: 'bmd' } }) },
    'acc-exp-acc': { find: () => ({ query: { client, acc: 'bmd' } }) },
    'acc-cost': { find: () => ({ query: { client, accountings: [2025, 2026] } }) },
    'acc-books': { find: () => ({ query: { client, accountings: [2026] } }) },
    'acc-suppliers': {
      find: () => ({ query: { client, acc: 'bmd', types: [3, 4], search: 'a', $limit: 10 } }),
      get: () => ({ id: rng.int(1, 50), query: {} }),
      create: () => ({ data: { client, accounting: 2026, account: rng.int(300000, 399999), name: `Fuzz ${rng.text(6)}`, type: 3, country: 'AT' }, query: {} }),
      patch: () => ({ id: rng.int(1, 50), data: { town: 'Linz' }, query: {} }),
    },
    aggregator: { find: () => ({ query: { client_no: client, type: 'ER_U', aggregated: true, fullText: null, $select: ['id'] } }) },
    'editor-document': { find: () => ({ query: { is_processed_documents_accumulator: null, $select: ['id'] } }) },
    documents: {
      find: () => ({ query: { client_no: client, $limit: 5, $sort: { id: -1 } } }),
      get: () => ({ id: documentId, query: {} }),
      patch: () => ({ id: documentId, data: { retry: true }, query: {} }),
      remove: () => ({ id: documentId, query: {} }),
    },
    'document-labels': { create: () => ({ data: { document_id: documentId, field: 'invoice_number', value: `F-${rng.int(1, 999)}` }, query: {} }) },
    'document-search': { find: () => ({ query: { client_no: client, q: 'Rechnung', $limit: 5 } }) },
    'document-fields': { get: () => ({ id: documentId, query: {} }) },
    users: {
      find: () => ({ query: { search: 'demo', $limit: 5 } }),
      get: () => ({ id: rng.pick(['00000000-0000-4000-8000-000000000000', 'me']), query: {} }),
      patch: () => ({ id: '00000000-0000-4000-8000-000000000000', data: { locale: rng.pick(['de', 'en']) }, query: {} }),
    },
  }
  return table[path]?.[method]?.() ?? { id: 1, data: {}, query: {} }
}

/** A JSON object with an own property named `key` (e.g. `__proto__`), as an attacker's JSON would carry it. */
function withOwn(target: { [key: string]: Json }, key: string, value: Json): { [key: string]: Json } {
  return JSON.parse(JSON.stringify(target).replace(/^\{/, `{${JSON.stringify(key)}:${JSON.stringify(value)}${Object.keys(target).length ? ',' : ''}`))
}

function deep(depth: number, leaf: Json, array: boolean): Json {
  let value = leaf
  for (let i = 0; i < depth; i++) value = array ? [value] : { a: value }
  return value
}

/** A value of the wrong kind, a hostile string, or an extreme number. */
function oddValue(rng: Rng): Json {
  return rng.pick<() => Json>([
    () => 'abc',
    () => '',
    () => ' 1',
    () => '1e20',
    () => 'NaN',
    () => 'Infinity',
    () => '-0',
    () => '0x10',
    () => '9'.repeat(rng.int(20, 400)),
    () => 1e20,
    () => 1e308,
    () => -1e308,
    () => 2 ** 53 + 2,
    () => 2 ** 31,
    () => -(2 ** 31) - 1,
    () => -1,
    () => 0,
    () => 1.5,
    () => 5e-324,
    () => true,
    () => null,
    () => [],
    () => [1, 2],
    () => [[1]],
    () => ({}),
    () => ({ a: 1 }),
    () => 'a\u0000b',
    () => '\ud800',
    () => '\u202e\u0000\uffff',
    () => "'; DROP TABLE users; --",
    () => '%',
    () => '_',
    () => '\\',
    () => '*:*',
    () => '!!!&&|(',
    () => rng.text(rng.int(1_000, 100_000)),
    () => 'ü'.repeat(rng.int(100, 5000)),
    () => deep(rng.int(10, 1500), 1, rng.chance(0.5)),
  ])()
}

const OPERATORS = ['$where', '$regex', '$ne', '$in', '$nin', '$lt', '$gt', '$or', '$and', '$not', '$like', '$ilike', '$iLike', '$notlike', '$search', '$populate', '$eager', '$joinRelation', '$modify', '$raw', '$exists', '$options', '$elemMatch', '$expr', '$function']
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', 'isPrototypeOf']
const PAGE_KEYS = ['$limit', '$skip', '$sort', '$select']

type Mutation = (rng: Rng, call: BaseCall) => string

/** Ways to bend a valid call; each changes `call` and says what it did. */
const mutations: { weight: number; mutate: Mutation }[] = [
  {
    weight: 4,
    mutate: (rng, call) => {
      const op = rng.pick(OPERATORS)
      const field = rng.chance(0.5) ? Object.keys(call.query)[0] : undefined
      const value = rng.pick<Json>(['1=1', '.*', [], [1, 2], { $gt: 0 }, null, 'pg_sleep(10)', ['a', 'b']])
      if (field) call.query[field] = { [op]: value }
      else call.query[op] = value
      return `operator ${op}${field ? ` on ${field}` : ''}`
    },
  },
  {
    weight: 4,
    mutate: (rng, call) => {
      const keys = Object.keys(call.query)
      const key = keys.length ? rng.pick(keys) : 'client'
      const value = oddValue(rng)
      call.query[key] = value
      return `query.${key} = ${JSON.stringify(value)?.slice(0, 60)}`
    },
  },
  {
    weight: 3,
    mutate: (rng, call) => {
      const key = rng.pick(PAGE_KEYS)
      const value = rng.pick<Json>([1e20, -1, 1e308, 'all', '10', 2 ** 31, 1.5, null, [], { $gt: 1 }, { id: 'DROP' }, { id: 2 }, JSON.parse('{"__proto__":1}'), ['*'], ['password'], 'id', { 'id; drop table users': 1 }])
      call.query[key] = value
      return `${key} = ${JSON.stringify(value)}`
    },
  },
  {
    weight: 4,
    mutate: (rng, call) => {
      const key = rng.pick(PROTO_KEYS)
      const value = rng.pick<Json>([{ isAdmin: true, permissions_array: ['adm'], klienten_array: [1, 2, 3] }, { prototype: { polluted: true } }, 1, 'x', null, []])
      const where = rng.int(0, 2)
      if (where === 0) call.query = withOwn(call.query, key, value)
      else if (where === 1 && call.data && typeof call.data === 'object' && !Array.isArray(call.data)) call.data = withOwn(call.data, key, value)
      else call.query = withOwn(call.query, rng.pick(['$sort', '$select', 'client']), { [key]: 1 } as Json)
      return `prototype key ${key} in ${['query', 'data', 'an operator'][where]}`
    },
  },
  {
    weight: 3,
    mutate: (rng, call) => {
      call.id = rng.pick<Json>(['abc', -1, 0, 1e20, 9_999_999_999, '9999999999', '../1', '1; drop', {}, [], [1], null, '__proto__', 'constructor', 1.5, '1e3', ' 1', '0x1', true, '', '\u0000', 'a'.repeat(10_000), 2 ** 31])
      return `id = ${JSON.stringify(call.id)?.slice(0, 40)}`
    },
  },
  {
    weight: 3,
    mutate: (rng, call) => {
      if (rng.chance(0.4)) call.data = oddValue(rng)
      else if (call.data && typeof call.data === 'object' && !Array.isArray(call.data)) {
        const keys = Object.keys(call.data)
        const key = keys.length && rng.chance(0.7) ? rng.pick(keys) : rng.pick(['id', 'company_no', 'created_by', 'processing_state', 'permissions', 'enabled', 'sha256'])
        call.data[key] = oddValue(rng)
        return `data.${key} bent`
      } else call.data = oddValue(rng)
      return `data = ${JSON.stringify(call.data)?.slice(0, 60)}`
    },
  },
  {
    weight: 2,
    mutate: (rng, call) => {
      call.rawQuery = rng.pick<Json>([null, 'client=1', 42, [], [call.query], true])
      return `query is ${JSON.stringify(call.rawQuery)}`
    },
  },
  {
    weight: 2,
    mutate: (rng, call) => {
      const keys = Object.keys(call.query)
      if (keys.length) delete call.query[rng.pick(keys)]
      call.query[rng.text(rng.int(1, 30))] = oddValue(rng)
      return 'a required field dropped, an unknown one added'
    },
  },
  {
    weight: 1,
    mutate: (rng, call) => {
      call.query[rng.pick(Object.keys(call.query).concat('client'))] = deep(rng.int(1_000, 3_000), 'x', rng.chance(0.5))
      return 'deep nesting'
    },
  },
  {
    weight: 1,
    mutate: (rng, call) => {
      const size = rng.pick([100_000, 500_000, 1_500_000])
      call.query[rng.pick(Object.keys(call.query).concat('search'))] = 'x'.repeat(size)
      return `${size} character string`
    },
  },
]

/**
 * Methods some service offers: the server listens for these socket events only (an event no service has, such as
 * `update` here, is not answered at all by Feathers, like any unknown event; the raw-frame inputs send those).
 */
const METHODS = [...new Set(serviceRegistrations.flatMap((s) => s.methods))]
const ODD_PATHS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype', 'documents/', '/documents', 'DOCUMENTS', '../documents', 'documents/../users', 'socket.io', '', ' ', 'x'.repeat(5_000), 'documents\u0000', 'api/documents/upload', '%2e%2e']

/** The socket arguments of a Feathers call: path first, then id/data/query as the method takes them. */
function socketArgs(path: string, method: string, call: BaseCall): unknown[] {
  const query = call.rawQuery !== undefined ? call.rawQuery : call.query
  switch (method) {
    case 'find':
      return [path, query]
    case 'get':
    case 'remove':
      return [path, call.id ?? null, query]
    case 'create':
      return [path, call.data ?? {}, query]
    default:
      return [path, call.id ?? null, call.data ?? {}, query]
  }
}

/** Service calls over socket.io, signed in and anonymous: every service and method of the SDK, bent out of shape. */
export function queryCases(rng: Rng, count: number): FuzzCase[] {
  const services = serviceRegistrations.filter((s) => s.path !== 'authentication')
  const total = mutations.reduce((sum, m) => sum + m.weight, 0)
  const cases: FuzzCase[] = []
  for (let index = 0; index < count; index++) {
    const r = rng.fork(`${CATEGORY}-${index}`)
    const identity = r.pick<Identity>(['admin', 'admin', 'client', 'anonymous'])
    const kind = r.next()
    if (kind < 0.06) {
      // Paths that are no service, and names on Object.prototype.
      const path = r.pick(ODD_PATHS)
      const method = r.pick(METHODS)
      cases.push({
        category: CATEGORY,
        description: `${identity}: ${method} on path ${JSON.stringify(path.slice(0, 30))}`,
        run: async (context, signal) => emitCall(await context.sockets.socket(identity), method, socketArgs(path, method, { id: 1, data: {}, query: {} }), signal),
      })
      continue
    }
    if (kind < 0.12) {
      // The authentication service on a socket of its own, so a logout or a failed sign-in touches nothing else.
      const method = r.pick(['create', 'create', 'create', 'remove', 'find', 'patch'])
      cases.push({
        category: CATEGORY,
        description: `authentication.${method} with a bent payload`,
        run: async (context, signal) => {
          const data = r.pick<Json>([
            { strategy: 'jwt', accessToken: r.text(r.int(1, 2000)) },
            { strategy: 'local', email: 'admin@demo.portal', password: 'portal-demo' },
            { strategy: '__proto__', accessToken: context.expendableToken },
            withOwn({ strategy: 'jwt', accessToken: context.expendableToken }, '__proto__', { permissions_array: ['adm'] }),
            { strategy: 'jwt', accessToken: [context.expendableToken] },
            { strategy: 'jwt', accessToken: { $ne: null } },
            { strategy: 'jwt' },
            { strategy: 'jwt', accessToken: `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"x"}').toString('base64url')}.` },
            { strategy: 'jwt', accessToken: context.clientToken.slice(0, -4) + 'AAAA' },
            { strategy: 'jwt', access_token: context.expendableToken },
            null,
            'jwt',
            [],
            oddValue(r),
          ])
          const socket = await openSocket(context.url)
          try {
            const args = method === 'create' ? ['authentication', data, {}] : method === 'remove' ? ['authentication', r.pick([null, 'x', 1]), {}] : ['authentication', ...(method === 'find' ? [{}] : [1, data, {}])]
            return await emitCall(socket, method, args, signal)
          } finally {
            socket.close()
          }
        },
      })
      continue
    }
    const service = r.pick(services)
    // Mostly the service's own methods; sometimes one it does not offer.
    const method = r.chance(0.85) ? r.pick(service.methods) : r.pick(METHODS)
    const steps = r.int(1, 3)
    const fuzz: FuzzCase = {
      category: CATEGORY,
      description: `${identity}: ${service.path}.${method}`,
      run: async (context, signal) => {
        const call = baseCall(context, r, service.path, method)
        const done: string[] = []
        for (let step = 0; step < steps; step++) {
          let roll = r.next() * total
          const mutation = mutations.find((m) => (roll -= m.weight) < 0) ?? mutations[0]
          done.push(mutation.mutate(r, call))
        }
        fuzz.note = done.join('; ')
        return emitCall(await context.sockets.socket(identity), method, socketArgs(service.path, method, call), signal)
      },
    }
    cases.push(fuzz)
  }
  return cases
}
