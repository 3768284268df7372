import { describe, expect, it } from 'vitest'
import type { PageImage } from './file-thread/draw-page'
import { PageImageCache } from './page-image-cache'

const image = (bytes: number, mark = 0): PageImage => ({ png: new Uint8Array(bytes).fill(mark), width: 10, height: 10 })

/** A draw function that counts its calls and answers `answer`. */
function drawing(answer: () => Promise<PageImage | null>) {
  const draw = async () => {
    draw.calls += 1
    return answer()
  }
  draw.calls = 0
  return draw
}

describe('the cache of drawn page images', () => {
  it('draws a page once per file, page and width, and serves it again from memory', async () => {
    const cache = new PageImageCache(1000)
    const draw = drawing(async () => image(100, 1))
    const first = await cache.get('a', 1, 2480, draw)
    expect(await cache.get('a', 1, 2480, draw)).toBe(first)
    expect(draw.calls).toBe(1)
    await cache.get('a', 1, 240, draw)
    await cache.get('a', 2, 2480, draw)
    await cache.get('b', 1, 2480, draw)
    expect(draw.calls).toBe(4)
    expect(cache.size).toBe(400)
  })

  it('lets requests for a page being drawn wait for that one drawing', async () => {
    const cache = new PageImageCache(1000)
    let finish: (value: PageImage) => void = () => {}
    const draw = drawing(() => new Promise<PageImage>((resolve) => (finish = resolve)))
    const both = Promise.all([cache.get('a', 1, 2480, draw), cache.get('a', 1, 2480, draw)])
    finish(image(100))
    const [one, two] = await both
    expect(one).toBe(two)
    expect(draw.calls).toBe(1)
  })

  it('stays within its bytes, letting the least recently used pages go first', async () => {
    const cache = new PageImageCache(1000)
    for (const page of [1, 2, 3, 4]) await cache.get('a', page, 2480, async () => image(250))
    await cache.get('a', 1, 2480, async () => image(250)) // page 1 used again: page 2 is now the oldest
    await cache.get('a', 5, 2480, async () => image(250))
    expect(cache.size).toBe(1000)
    const redraw = drawing(async () => image(250))
    await cache.get('a', 1, 2480, redraw)
    expect(redraw.calls).toBe(0)
    await cache.get('a', 2, 2480, redraw)
    expect(redraw.calls).toBe(1)
    expect(cache.size).toBeLessThanOrEqual(1000)
  })

  it('keeps no image over a quarter of its bytes, no missing page and no failure', async () => {
    const cache = new PageImageCache(1000)
    await cache.get('a', 1, 2480, async () => image(300))
    await cache.get('a', 2, 2480, async () => null)
    await expect(cache.get('a', 3, 2480, async () => Promise.reject(new Error('broken file')))).rejects.toThrow('broken file')
    expect(cache.size).toBe(0)
    const draw = drawing(async () => image(100))
    await cache.get('a', 3, 2480, draw)
    expect(draw.calls).toBe(1)
  })
})
