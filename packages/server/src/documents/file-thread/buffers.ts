/**
 * The buffer of `bytes` when they alone fill it, so it can be handed to another thread whole (moved, not copied);
 * undefined for a view into a larger buffer (Node's pooled small Buffers, WebAssembly memory), which must be copied.
 */
export function ownBuffer(bytes: Uint8Array): ArrayBuffer | undefined {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer ? bytes.buffer : undefined
}

/** The distinct own buffers of these byte arrays, for a postMessage transfer list. */
export function ownBuffers(all: Uint8Array[]): ArrayBuffer[] {
  return [...new Set(all.map(ownBuffer).filter((buffer) => buffer !== undefined))]
}
