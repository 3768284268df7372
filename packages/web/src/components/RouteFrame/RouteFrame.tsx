import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { canAccess, type RouteDef } from '@portal/sdk/state'
import { SCENES } from '../../scenes'
import { useCompany } from '../../hooks/useCompany'
import { useSession } from '../../hooks/useSession'
import { Forbidden } from '../Forbidden/Forbidden'
import { Loading } from '../Loading/Loading'

/** Props of RouteFrame. */
export interface RouteFrameProps {
  def: RouteDef
}

/**
 * Guards one route: without the permission the user sees the forbidden page and the screen is never loaded;
 * company screens wait for companyReady (SPEC §4) and show loading meanwhile.
 */
export function RouteFrame({ def }: RouteFrameProps) {
  const { t } = useTranslation('shell')
  const { user } = useSession()
  const { companyReady } = useCompany()
  if (!canAccess(def.access, user.permissions_array)) return <Forbidden />
  if (def.showCompanies && !companyReady) return <Loading label={t('session.companyLoading')} />
  const Scene = SCENES[def.name] ?? SCENES['not-found']!
  return (
    <Suspense fallback={<Loading label={t('session.loading')} />}>
      <Scene />
    </Suspense>
  )
}
