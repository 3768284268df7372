import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Loading } from '../../components/Loading/Loading'
import { createWebAuth } from '../../lib/auth'
import { createBrowserStorage } from '../../lib/browserStorage'

/**
 * /logout, reachable without sign-in (SPEC §2): ends the backend session, forgets the token, and posts the
 * RP-initiated logout to the provider, which returns the browser to the root.
 */
export function LogoutScene() {
  const { t } = useTranslation('shell')
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    void createWebAuth(createBrowserStorage()).logout()
  }, [])
  return <Loading label={t('session.loggingOut')} />
}
