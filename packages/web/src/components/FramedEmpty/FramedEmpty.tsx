import { useTranslation } from 'react-i18next'
import type { RouteName } from '@portal/sdk/state'
import { useCompany } from '../../hooks/useCompany'
import { MENU_ICONS } from '../MenuList/menuIcons'
import { EmptyState, PageFrame } from '../PageFrame/PageFrame'

/** Props of FramedEmpty. */
export interface FramedEmptyProps {
  route: RouteName
  /** Extra lines under the empty state (e.g. the document id of a detail route). */
  details?: string[]
}

/**
 * The real frame of a screen whose capabilities arrive with a later issue: its title, the company in context,
 * and an honest empty state instead of invented content.
 */
export function FramedEmpty({ route, details = [] }: FramedEmptyProps) {
  const { t } = useTranslation('shell')
  const { companies, client } = useCompany()
  const company = companies.find((c) => c.company_no === client)
  const Icon = MENU_ICONS[route]
  return (
    <PageFrame title={t(`routes.${route}`)} testId={`scene-${route}`}>
      <EmptyState
        icon={Icon ? <Icon size={32} /> : undefined}
        title={t('pages.emptyTitle')}
        text={company ? t('pages.emptyText', { company: company.company_name }) : t('pages.emptyTextNoCompany')}
      >
        {details.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </EmptyState>
    </PageFrame>
  )
}
