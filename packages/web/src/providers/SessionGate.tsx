import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { Button } from '@primer/react'
import { useNavigate } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { createPortalClient, type PortalClient } from '@portal/sdk/client'
import { isLanguage, type Language } from '@portal/sdk/domain'
import { clearsToken, errorToMessage } from '@portal/sdk/errors'
import type { Config, SessionUser } from '@portal/sdk/services'
import { Loading } from '../components/Loading/Loading'
import { PageFrame } from '../components/PageFrame/PageFrame'
import type { WebAuth } from '../lib/auth'
import { takeEarlySession } from '../lib/earlySession'
import { createLazyWebAuth } from '../lib/lazyWebAuth'
import { isSignInCallback } from '../lib/callback'
import { createBrowserStorage } from '../lib/browserStorage'
import { rememberLanguage } from '../lib/language'
import { SessionContext, type SessionState } from './contexts'

// Loaded only when the app starts offline (the service worker keeps it with the shell).
const OfflineCapture = lazy(() => import('../pwa/OfflineCapture').then((module) => ({ default: module.OfflineCapture })))

type Phase =
  | { kind: 'loading'; label: 'session.signingIn' | 'session.redirecting' }
  | { kind: 'offline' }
  | { kind: 'ready'; client: PortalClient; user: SessionUser; config: Config }
  | { kind: 'failed'; message: string }

/**
 * Signs the visitor in before anything else renders (SPEC §4, login-required): completes a returning sign-in
 * (and clears the `#state…` fragment), creates the backend session from the identity token, and sends anyone
 * without a valid token to the identity provider. Errors 401-407 at any later call lead back to sign-in.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation('shell')
  const navigate = useNavigate()
  const [phase, setPhase] = useState<Phase>({ kind: 'loading', label: 'session.signingIn' })
  const started = useRef(false)

  const toSignIn = useCallback(
    async (webAuth: WebAuth) => {
      setPhase({ kind: 'loading', label: 'session.redirecting' })
      await webAuth.startLogin(isLanguage(i18n.language) ? i18n.language : 'en')
    },
    [i18n],
  )

  const start = useCallback(async () => {
    // The entry may have opened the socket and begun signing in while this code loaded (lib/earlySession).
    const early = await takeEarlySession()
    // Started without a connection (issue 36): neither the identity provider nor the server can answer, so instead of
    // a sign-in that cannot finish the app shows what works offline — the captures waiting on this device.
    if (!navigator.onLine && !isSignInCallback(window.location.href)) {
      early?.client.close()
      setPhase({ kind: 'offline' })
      return
    }
    const storage = early?.storage ?? createBrowserStorage()
    const webAuth = early?.webAuth ?? createLazyWebAuth(storage)
    try {
      if (!early && isSignInCallback(window.location.href)) {
        const returnTo = await webAuth.completeLogin(window.location.href)
        // The code and state must not stay in the address bar or the history.
        navigate(returnTo ?? window.location.pathname + window.location.search, { replace: true })
      }
      const token = early?.token ?? (await webAuth.idToken())
      if (!token) return toSignIn(webAuth)
      const client = early?.client ?? createPortalClient({ url: window.location.origin, storage, refresh: () => webAuth.refresh() })
      let user: SessionUser
      try {
        const result = await (early?.authentication ?? client.authenticate({ strategy: 'jwt', accessToken: token }))
        user = result.user
      } catch (error) {
        client.close()
        if (clearsToken(error)) {
          await webAuth.forget()
          return toSignIn(webAuth)
        }
        throw error
      }
      // Any later 401-407 (token revoked, session ended elsewhere) drops the token and signs in again.
      client.app.hooks({
        error: {
          all: [
            async (context) => {
              // Only authentication errors end the session (SPEC §4); a Forbidden or NotFound from a service
              // (e.g. someone else's document) is a refusal to show, not a reason to sign out.
              if (clearsToken(context.error) && ((context.path as string) === 'authentication' || context.error?.code === 401)) {
                await webAuth.forget()
                client.close()
                void toSignIn(webAuth)
              }
            },
          ],
        },
      })
      const config = await client.service('config').find()
      if (user.locale !== i18n.language) await i18n.changeLanguage(user.locale)
      rememberLanguage(user.locale)
      setPhase({ kind: 'ready', client, user, config })
    } catch (error) {
      setPhase({ kind: 'failed', message: errorToMessage(error, i18n.t) })
    }
  }, [i18n, navigate, toSignIn])

  useEffect(() => {
    // StrictMode mounts twice in development; a sign-in must run once.
    if (started.current) return
    started.current = true
    void start()
  }, [start])

  // An administrator changed this user (permissions, clients): the server's answer to signing in again carries the new
  // rights, so the menu and the route guards change at once. Disabling ends the session instead (`authentication
  // ended`), which the error hook above turns into the sign-in page.
  const readyClient = phase.kind === 'ready' ? phase.client : null
  const keycloakId = phase.kind === 'ready' ? phase.user.keycloakId : null
  useEffect(() => {
    if (!readyClient || !keycloakId) return
    const users = readyClient.service('users')
    const onChanged = (record: unknown) => {
      const changed = record as { keycloakId?: unknown; locale?: unknown } | null
      if (changed?.keycloakId !== keycloakId) return
      // The user chose another language in another tab or on another device (/account/preferences): follow at once.
      if (typeof changed.locale === 'string' && isLanguage(changed.locale) && changed.locale !== i18n.language) {
        void i18n.changeLanguage(changed.locale)
        rememberLanguage(changed.locale)
      }
      readyClient
        .reAuthenticate(true)
        .then((result) => setPhase((current) => (current.kind === 'ready' && current.client === readyClient ? { ...current, user: result.user } : current)))
        .catch(() => undefined)
    }
    users.on('patched', onChanged)
    return () => {
      users.off('patched', onChanged)
    }
  }, [readyClient, keycloakId, i18n])

  const setLanguage = useCallback(
    async (next: Language) => {
      // Saved on the user's record while the other language's texts load (they are fetched on first use).
      const saved = phase.kind === 'ready' ? phase.client.service('users').patch(phase.user.keycloakId, { locale: next }) : undefined
      // A refusal is reported once, by the await below.
      saved?.catch(() => undefined)
      await i18n.changeLanguage(next)
      rememberLanguage(next)
      if (phase.kind !== 'ready' || !saved) return
      await saved
      setPhase({ ...phase, user: { ...phase.user, locale: next } })
    },
    [i18n, phase],
  )

  const value = useMemo<SessionState | null>(
    () => {
      if (phase.kind !== 'ready') return null
      const language: Language = isLanguage(i18n.language) ? i18n.language : 'en'
      return { client: phase.client, user: phase.user, config: phase.config, language, setLanguage }
    },
    [phase, setLanguage, i18n.language],
  )

  if (phase.kind === 'loading') return <Loading label={t(phase.label)} />
  if (phase.kind === 'offline') {
    return (
      <Suspense fallback={<Loading label={t('session.loading')} />}>
        <OfflineCapture />
      </Suspense>
    )
  }
  if (phase.kind === 'failed' || !value) {
    return (
      <PageFrame title={t('pages.errorTitle')} testId="sign-in-failed">
        <p role="alert">{t('session.signInFailed', { message: phase.kind === 'failed' ? phase.message : '' })}</p>
        <Button variant="primary" onClick={() => window.location.reload()}>
          {t('session.retry')}
        </Button>
      </PageFrame>
    )
  }
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}
