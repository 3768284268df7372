import WebSocket from 'ws'
import type { Answer } from '../answers'
import type { FuzzCase, FuzzContext } from '../case'
import type { Rng } from '../random'

const CATEGORY = 'raw socket frame'

/** The probe sent after the hostile frames: a public call whose answer shows the connection still works. */
const PROBE_ID = 987654
const PROBE = `42${PROBE_ID}["find","version",{}]`

/** What one raw-frame input sends: the handshake URL query, whether to connect the namespace first, and the frames. */
interface FrameInput {
  name: string
  query?: string
  /** Send `40` (connect to the main namespace) before the frames; default true. */
  connectFirst?: boolean
  /** Sign the socket in before the frames. */
  signIn?: boolean
  frames: (context: FuzzContext) => (string | Buffer | { text: Buffer })[]
}

const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)
const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)

/** Hostile engine.io / socket.io frames by name. */
function frameInputs(rng: Rng): FrameInput[] {
  return [
    { name: 'empty frame', frames: () => [''] },
    { name: 'engine.io type only', frames: () => [rng.pick(['4', '9', '7', '6', '5', '3', '8', 'x', '\u0000'])] },
    { name: 'close packet', frames: () => ['1'] },
    { name: 'ping and probe packets', frames: () => ['2', '2probe', '3probe', '5'] },
    { name: 'ping flood', frames: () => Array.from({ length: 2000 }, () => '2') },
    { name: 'truncated event', frames: () => [rng.pick(['42', '42[', '42["find"', '42["find","version",{', '421', '421[', '42]'])] },
    { name: 'event of the wrong shape', frames: () => [rng.pick(['42[]', '42{}', '42"str"', '42[1,2,3]', '42[null]', '42[{}]', '421[[]]', '421[true,"version"]', '42["find",null]', '421["find",{"path":"x"},{}]', '421["find",["documents"],{}]', '421["find","version",null,null,null,null]'])] },
    { name: 'an event no service offers', frames: () => [`421[${JSON.stringify(rng.pick(['update', 'setup', 'teardown', 'hooks', 'FIND', 'find ']))},"documents",1,{},{}]`] },
    { name: 'reserved event names', frames: () => [`421[${JSON.stringify(rng.pick(['connect', 'disconnect', 'disconnecting', 'error', 'newListener', 'removeListener', 'connect_error']))},"version",{}]`] },
    { name: 'prototype event names', frames: () => [`421[${JSON.stringify(rng.pick(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__']))},"version",{}]`] },
    { name: 'prototype service paths', frames: () => [`421[${JSON.stringify(rng.pick(['find', 'get', 'create', 'patch', 'remove', 'update']))},${JSON.stringify(rng.pick(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype', '__proto__/x']))},{}]`] },
    { name: 'prototype keys in the query', frames: () => ['421["find","documents",{"__proto__":{"client_no":1},"constructor":{"prototype":{"x":1}}}]', '422["find","version",{"__proto__":null}]'] },
    { name: 'odd ack ids', frames: () => [rng.pick(['42999999999999999999999999["find","version",{}]', '42-1["find","version",{}]', '420x10["find","version",{}]', '421e5["find","version",{}]', '42007["find","version",{}]', `42${'9'.repeat(400)}["find","version",{}]`])] },
    { name: 'ack for nothing', frames: () => [rng.pick(['43["x"]', '431[null,{}]', '4399999999999999999[1]', '46', '461-[{"_placeholder":true,"num":0}]'])] },
    { name: 'binary event without its attachment', frames: () => ['451-["find","version",{"_placeholder":true,"num":0}]'] },
    { name: 'binary placeholder out of range', frames: () => [`451-["find","version",{"_placeholder":true,"num":${rng.pick(['99', '-1', '"__proto__"', '1e20', 'null'])}}]`, Buffer.from([1, 2, 3])] },
    { name: 'huge attachment count', frames: () => ['4599999999999999999-["find","version",{}]'] },
    { name: 'binary frame out of turn', frames: () => [rng.bytes(rng.int(1, 5000))] },
    { name: 'invalid UTF-8 text frame', frames: () => [{ text: Buffer.from([0x34, 0x32, 0xff, 0xfe, 0xc3, 0x28]) }] },
    { name: 'random text', frames: () => [`4${rng.text(rng.int(1, 2000), '[]{}",:0123456789abc\\/ ')}`] },
    { name: 'deeply nested arguments', frames: () => [`421["find","version",${deepArray(rng.int(1_000, 200_000))}]`] },
    { name: 'deeply nested object', frames: () => [`421["find","documents",${deepObject(rng.int(1_000, 100_000))}]`] },
    { name: 'frame over the size limit', frames: () => [`421["find","version","${'x'.repeat(2_100_000)}"]`] },
    { name: 'many calls at once', frames: () => Array.from({ length: 500 }, (_, i) => `42${i + 1}["find","version",{}]`) },
    { name: 'namespaces that do not exist', connectFirst: false, frames: () => [rng.pick(['40/admin,', '40/__proto__,', '40/constructor,', `40/${'a'.repeat(10_000)},`, '40/../,', '42/admin,["find","version",{}]', '40/,'])] },
    { name: 'connect with odd auth payload', connectFirst: false, frames: () => [rng.pick(['40{"token":"x"}', '40[1]', '40"x"', '40{"__proto__":{"x":1}}', '40null', `40${deepArray(50_000)}`, '40{'])] },
    { name: 'event before connect', connectFirst: false, frames: () => ['421["find","version",{}]'] },
    { name: 'double connect', connectFirst: true, frames: () => ['40', '40', '41', '40'] },
    { name: 'disconnect then call', frames: () => ['41', '421["find","documents",{}]'] },
    { name: 'odd handshake query', query: rng.pick(['EIO=3&transport=websocket', 'EIO=5&transport=websocket', 'transport=websocket', 'EIO=4&transport=polling', 'EIO=4&transport=__proto__', 'EIO=4&transport=websocket&sid=abc', 'EIO=4&transport=websocket&b64=1', 'EIO=__proto__&transport=websocket']), frames: () => [] },
    { name: 'signed in, then garbage', signIn: true, frames: () => [rng.pick(['421["patch","users",null,{"permissions":["adm"]},{}]', '421["remove","authentication",null,{}]', '42["create","authentication"]', `421["create","authentication",${deepArray(10_000)},{}]`, '421["find","documents",{"client_no":{"$gt":0}}]', '421["find","documents",{"client_no":1,"$skip":1e20}]'])] },
  ]
}

/**
 * Opens a raw websocket on the socket.io endpoint and runs one input: handshake, connect (waiting for the
 * server's CONNECT answer, as socket.io requires), optional sign-in, the hostile frames, then the probe.
 */
async function runFrames(context: FuzzContext, input: FrameInput, signal: AbortSignal): Promise<Answer> {
  const url = `${context.url.replace(/^http/, 'ws')}/socket.io/?${input.query ?? 'EIO=4&transport=websocket'}`
  const received: string[] = []
  const socket = new WebSocket(url, { maxPayload: 50 * 1024 * 1024 })
  try {
    return await new Promise<Answer>((resolve, reject) => {
      // Stages: handshake → connecting → signing-in → (frames sent) → reconnecting → probing.
      let stage: 'handshake' | 'connecting' | 'signing-in' | 'reconnecting' | 'probing' = 'handshake'
      const finish = (answer: Omit<Answer, 'body'>) => resolve({ ...answer, body: received.join('\n').slice(0, 20_000) })
      signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true })
      socket.on('unexpected-response', (_request, response) => {
        received.push(`HTTP ${response.statusCode}`)
        let body = ''
        response.on('data', (chunk: Buffer) => (body += chunk.toString()))
        response.on('end', () => {
          received.push(body)
          finish({ status: response.statusCode ?? 0 })
        })
      })
      socket.on('error', () => finish({ status: errorStatus(received) ?? 0 }))
      socket.on('close', () => finish({ status: errorStatus(received) ?? 0 }))
      const send = (frame: string | Buffer | { text: Buffer }) => {
        if (socket.readyState !== WebSocket.OPEN) return
        if (typeof frame === 'string') socket.send(frame)
        else if (Buffer.isBuffer(frame)) socket.send(frame, { binary: true })
        else socket.send(frame.text, { binary: false })
      }
      const probe = () => {
        stage = 'probing'
        send(PROBE)
      }
      const sendFrames = () => {
        for (const frame of input.frames(context)) send(frame)
        // Inputs that never connected the namespace connect now, so the probe has somewhere to go.
        if (input.connectFirst === false) {
          stage = 'reconnecting'
          send('40')
        } else setTimeout(probe, 100)
      }
      const afterConnect = () => {
        if (input.signIn) {
          stage = 'signing-in'
          send(`421000000["create","authentication",${JSON.stringify({ strategy: 'jwt', accessToken: context.expendableToken })},{}]`)
        } else sendFrames()
      }
      socket.on('message', (data: Buffer, isBinary: boolean) => {
        const text = isBinary ? `<binary ${data.length} bytes>` : data.toString()
        received.push(text.slice(0, 5000))
        if (text === '2') send('3') // answer the server's pings
        if (stage === 'handshake' && text.startsWith('0')) {
          if (input.connectFirst === false) return sendFrames()
          stage = 'connecting'
          return send('40')
        }
        if (stage === 'connecting' && /^4[04]/.test(text)) return afterConnect()
        if (stage === 'signing-in' && text.startsWith('431000000')) return sendFrames()
        if (stage === 'reconnecting' && /^4[04]\{/.test(text)) return probe()
        if (stage === 'probing' && text.startsWith(`43${PROBE_ID}`)) finish({ status: errorStatus(received) ?? 200 })
      })
    })
  } finally {
    socket.terminate()
  }
}

/** 500 when any frame carries a server error, 4xx for a refusal, else undefined. */
function errorStatus(frames: string[]): number | undefined {
  const codes = frames.flatMap((f) => [...f.matchAll(/"code":\s*(\d{3})/g)].map((m) => Number(m[1])))
  return codes.find((c) => c >= 500) ?? codes.find((c) => c >= 400)
}

/** Raw engine.io/socket.io frames on a websocket: malformed, hostile, oversized, out of order. */
export function frameCases(rng: Rng, count: number): FuzzCase[] {
  const cases: FuzzCase[] = []
  for (let index = 0; index < count; index++) {
    const r = rng.fork(`${CATEGORY}-${index}`)
    const input = r.pick(frameInputs(r))
    cases.push({ category: CATEGORY, description: input.name, run: (context, signal) => runFrames(context, input, signal) })
  }
  return cases
}
