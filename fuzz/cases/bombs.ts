import { constants, deflateSync, gzipSync } from 'node:zlib'

/** Sizes (inflated, MB) of the compression bombs the cases send. */
export const FLATE_BOMB_SIZES = [64, 128, 256]
export const GZIP_BOMB_SIZES = [10, 100, 500]

// Run-length strategy: the same few hundred KB as level 9 on spaces, in less time.
const FAST = { level: 1, strategy: constants.Z_RLE }
const flate = new Map<number, Buffer>()
const gzip = new Map<number, Buffer>()

function bomb(cache: Map<number, Buffer>, megabytes: number, compress: (data: Buffer) => Buffer): Buffer {
  let built = cache.get(megabytes)
  if (!built) {
    built = compress(Buffer.alloc(megabytes * 1024 * 1024, 0x20))
    cache.set(megabytes, built)
  }
  return built
}

/** Spaces deflated (zlib format): `megabytes` MB inflate from a few hundred KB. */
export function flateBomb(megabytes: number): Buffer {
  return bomb(flate, megabytes, (data) => deflateSync(data, FAST))
}

/** Spaces gzipped, for a `Content-Encoding: gzip` body. */
export function gzipBomb(megabytes: number): Buffer {
  return bomb(gzip, megabytes, (data) => gzipSync(data, FAST))
}

/**
 * Builds every bomb before any input runs. Compressing 500 MB takes seconds of this process's own event loop; done
 * inside a case it ran on that case's hang timer and on the timers of the cases in flight beside it, which then
 * reported the server as hanging (the raw-HTTP gzip bomb and its neighbours, on a busy machine).
 */
export function prepareBombs(): void {
  for (const size of FLATE_BOMB_SIZES) flateBomb(size)
  for (const size of GZIP_BOMB_SIZES) gzipBomb(size)
}
