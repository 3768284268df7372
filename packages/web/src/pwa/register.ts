/** Registers the service worker (built portal only: the dev server has no /sw.js), once the page has loaded. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined)
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
