import type { PageImage } from './file-thread/page-images'

/**
 * Page images already drawn, by file hash, page and width, kept up to a total of `maxBytes` of PNG (the least recently
 * used go first). A stored file never changes under its hash, so an entry is never stale. Drawing a 2480 px scan page
 * takes a file thread seconds while OCR holds the cores, and the viewer asks for the same pages again and again (paging
 * back, the next person opening the document); requests for an image being drawn wait for that one drawing.
 */
export class PageImageCache {
  private readonly images = new Map<string, PageImage>()
  private readonly drawing = new Map<string, Promise<PageImage | null>>()
  private bytes = 0

  constructor(private readonly maxBytes: number) {}

  /** The cached image of this page at this width, else `draw`'s (cached when it fits; null and failures are not kept). */
  async get(sha256: string, page: number, width: number, draw: () => Promise<PageImage | null>): Promise<PageImage | null> {
    const key = `${sha256}/${page}/${width}`
    const cached = this.images.get(key)
    if (cached) {
      // Map order is the order of use: the first entry is the least recently used.
      this.images.delete(key)
      this.images.set(key, cached)
      return cached
    }
    let pending = this.drawing.get(key)
    if (!pending) {
      pending = draw().then((image) => {
        if (image) this.keep(key, image)
        return image
      })
      this.drawing.set(key, pending)
      const done = () => this.drawing.delete(key)
      pending.then(done, done)
    }
    return pending
  }

  /** Bytes of PNG held now. */
  get size(): number {
    return this.bytes
  }

  private keep(key: string, image: PageImage): void {
    // One image may take at most a quarter of the cache, so a few huge pages cannot push out all others.
    if (image.png.byteLength > this.maxBytes / 4 || this.images.has(key)) return
    this.images.set(key, image)
    this.bytes += image.png.byteLength
    for (const [oldest, old] of this.images) {
      if (this.bytes <= this.maxBytes) break
      this.images.delete(oldest)
      this.bytes -= old.png.byteLength
    }
  }
}
