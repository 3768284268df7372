import { Label } from '@primer/react'
import { useTranslation } from 'react-i18next'
import type { MonthLight } from '@portal/sdk/state'
import styles from './Overview.module.css'

const VARIANT = { green: 'success', yellow: 'attention', red: 'danger' } as const

/** The month check's traffic light: a coloured dot and its word (never the colour alone). */
export function MonthLightLabel({ light }: { light: MonthLight }) {
  const { t } = useTranslation('overview')
  return (
    <Label variant={VARIANT[light]} data-testid="month-light" data-light={light}>
      <span className={`${styles.dot} ${styles[light]}`} aria-hidden="true" />
      {t(`light.${light}`)}
    </Label>
  )
}
