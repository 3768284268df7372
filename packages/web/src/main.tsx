import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createI18n } from '@portal/sdk/i18n'
import { App } from './App'
import { initialLanguage, rememberLanguage } from './lib/language'
import './styles/global.css'

// Start in the remembered language; the signed-in user's own language replaces it after sign-in.
const language = initialLanguage()
rememberLanguage(language)
const i18n = createI18n({ lng: language })

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App i18n={i18n} />
  </StrictMode>,
)
