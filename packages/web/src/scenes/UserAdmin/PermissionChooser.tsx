import { useId } from 'react'
import { Checkbox, FormControl } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { PERMISSIONS, permissionMeaningKey } from '@portal/sdk/domain'
import styles from './UserAdmin.module.css'

/** Props of PermissionChooser. */
export interface PermissionChooserProps {
  label: string
  value: readonly string[]
  onChange: (value: string[]) => void
  /** The codes the signed-in user manager may grant (those it holds, userGrants); the others are shown disabled. */
  grantable?: readonly string[]
  testId?: string
}

/**
 * The permission codes of SPEC §6 as checkboxes, each with its meaning; in the order of §6. A code the user manager
 * does not hold cannot be granted (the server refuses it), so it is not offered.
 */
export function PermissionChooser({ label, value, onChange, grantable, testId }: PermissionChooserProps) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <fieldset className={styles.chooser} data-testid={testId}>
      <legend className={styles.legend}>{label}</legend>
      <div className={styles.permissionGrid}>
        {PERMISSIONS.map((code) => (
          <FormControl key={code} id={`${id}-${code}`} layout="horizontal" disabled={grantable !== undefined && !grantable.includes(code)}>
            <Checkbox
              value={code}
              checked={value.includes(code)}
              onChange={(event) => onChange(event.target.checked ? [...value, code] : value.filter((other) => other !== code))}
            />
            <FormControl.Label className={styles.checkLabel}>
              <code>{code}</code> {t(permissionMeaningKey(code))}
            </FormControl.Label>
          </FormControl>
        ))}
      </div>
    </fieldset>
  )
}
