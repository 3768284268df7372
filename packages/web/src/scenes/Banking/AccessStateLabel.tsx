import { Label } from '@primer/react'
import { useTranslation } from 'react-i18next'
import type { BankAccessPhase } from '@portal/sdk/domain'

const VARIANT = { pending: 'attention', approved: 'success', expiringSoon: 'attention', expired: 'danger', rejected: 'danger', revoked: 'secondary' } as const

/** An access's state on today as a coloured label (banking page and approvals page alike). */
export function AccessStateLabel({ state }: { state: BankAccessPhase }) {
  const { t } = useTranslation('banking')
  return (
    <Label variant={VARIANT[state]} data-testid="bank-access-state">
      {t(`state.${state}`)}
    </Label>
  )
}
