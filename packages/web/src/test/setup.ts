import { afterEach } from 'vitest'
import { cleanup, configure } from '@testing-library/react'

// findBy…/waitFor wait up to 5 s (the library's 1 s is too short when a 2-core CI machine also runs servers).
configure({ asyncUtilTimeout: 5_000 })

// jsdom lacks ResizeObserver and matchMedia, which Primer's overlays and our theme code use.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}

// Primer's tooltips load a popover polyfill that adopts style sheets, which jsdom does not implement.
if (typeof document !== 'undefined' && !Array.isArray((document as { adoptedStyleSheets?: unknown }).adoptedStyleSheets)) {
  Object.defineProperty(Document.prototype, 'adoptedStyleSheets', { value: [], writable: true, configurable: true })
  Object.defineProperty(ShadowRoot.prototype, 'adoptedStyleSheets', { value: [], writable: true, configurable: true })
}
if (typeof CSSStyleSheet !== 'undefined' && !CSSStyleSheet.prototype.replaceSync) {
  CSSStyleSheet.prototype.replaceSync = function replaceSync() {}
}

// The web files share one jsdom between them (isolate: false in vitest.config.ts), so each test leaves it as it found
// it: nothing rendered, nothing a library appended to the body (recharts' measuring span), nothing stored.
afterEach(() => {
  cleanup()
  document.body.replaceChildren()
  localStorage.clear()
  sessionStorage.clear()
})
