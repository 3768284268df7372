import { Suspense, useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { SCREEN_NAMESPACES } from '@portal/sdk/i18n'
import { canAccess, type RouteDef } from '@portal/sdk/state'
import { SCENES } from '../../scenes'
import { useCompany } from '../../hooks/useCompany'
import { useSession } from '../../hooks/useSession'
import { Forbidden } from '../Forbidden/Forbidden'
import { ForeignCompany } from '../ForeignCompany/ForeignCompany'
import { Loading } from '../Loading/Loading'

/** Props of RouteFrame. */
export interface RouteFrameProps {
  def: RouteDef
}

/** Suspends until the screens' texts of the current language are loaded (they come beside the screen's own code). */
function ScreenTexts({ children }: { children: ReactNode }) {
  useTranslation([...SCREEN_NAMESPACES])
  return children
}

/**
 * Guards one route: without the permission the user sees the forbidden page and the screen is never loaded;
 * company screens wait for companyReady (SPEC §4) and show loading meanwhile; a company that is not the user's shows
 * one message with the way to their own (never the screen, whose every query would be refused).
 */
export function RouteFrame({ def }: RouteFrameProps) {
  const { t } = useTranslation('shell')
  const { user } = useSession()
  const { companyReady, foreign } = useCompany()
  const allowed = canAccess(def.access, user.permissions_array)
  const Scene = SCENES[def.name] ?? SCENES['not-found']!
  // The screen's code loads while the company's data does, not after it.
  useEffect(() => {
    if (allowed) void Scene.preload()
  }, [allowed, Scene])
  if (!allowed) return <Forbidden />
  if (def.showCompanies && foreign) return <ForeignCompany def={def} />
  if (def.showCompanies && !companyReady) return <Loading label={t('session.companyLoading')} />
  return (
    <Suspense fallback={<Loading label={t('session.loading')} />}>
      <ScreenTexts>
        <Scene />
      </ScreenTexts>
    </Suspense>
  )
}
