import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { pageTitle, type RouteDef } from '@portal/sdk/state'
import { useSession } from './useSession'

/** Sets document.title to the translated route title plus the brand suffix, else the default title (SPEC §2). */
export function usePageTitle(route: RouteDef, params: Record<string, string | undefined>): void {
  const { t, i18n } = useTranslation('shell')
  const { config } = useSession()
  useEffect(() => {
    const id = params.document_id ?? params.documentId ?? ''
    // An open invoice names itself (SPEC §2 title "invoiceDetails ({id})"); the list alone is "Accounting".
    const titleKey = route.name === 'invoices' && Number(id) > 0 ? 'routes.invoiceDetails' : route.titleKey
    document.title = pageTitle(i18n.t, { titleKey: `shell:${titleKey}`, params: { id }, brand: config.brandShort })
  }, [t, i18n, route, params, config.brandShort])
}
