import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createLazyI18n, SCREEN_NAMESPACES } from '@portal/sdk/i18n'
import { startEarlySession } from './lib/earlySession'
import { initialLanguage, rememberLanguage } from './lib/language'
import './styles/global.css'

// Start in the remembered language with the shell's texts only, fetched beside the app's code; the screens' texts
// follow at once, beside the first screen's code (RouteFrame waits for them); the signed-in user's own language
// replaces it after sign-in.
startEarlySession()
const language = initialLanguage()
rememberLanguage(language)
const [{ App }, i18n] = await Promise.all([import('./App'), createLazyI18n(language)])
void i18n.loadNamespaces([...SCREEN_NAMESPACES])

// The service worker's registration is not part of the first load's code (nor kept by the worker: an app started
// offline has a worker already and skips it).
void import('./pwa/register').then((module) => module.registerServiceWorker(), () => undefined)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App i18n={i18n} />
  </StrictMode>,
)
