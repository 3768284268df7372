import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { CURRENT_VERSION, systemTimers, watchVersion } from '@portal/sdk/state'
import { useSession } from './useSession'
import { useSnackbar } from './useSnackbar'

/** Every minute compares the server's frontend version with this build; when newer, offers a reload (SPEC §4). */
export function useVersionCheck(): void {
  const { t } = useTranslation('shell')
  const { client } = useSession()
  const { notify } = useSnackbar()
  useEffect(
    () =>
      watchVersion({
        running: CURRENT_VERSION,
        fetchVersion: async () => (await client.service('version').find()).frontend,
        timers: systemTimers,
        onOutdated: () =>
          notify({
            kind: 'info',
            text: t('errors:appOutOfDate'),
            action: { label: t('snackbar.reload'), onClick: () => window.location.reload() },
          }),
        // A failed check is retried next minute; connection problems show elsewhere.
        onError: (error) => console.warn('Version check failed', error),
      }),
    [client, notify, t],
  )
}
