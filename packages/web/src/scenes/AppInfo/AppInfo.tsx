import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { APP_VERSION } from '@portal/sdk/domain'
import type { VersionInfo } from '@portal/sdk/services'
import { PageFrame } from '../../components/PageFrame/PageFrame'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'

/** App info: this portal's version and build, and what the server reports (SPEC §2 /app-info). */
export function AppInfoScene() {
  const { t } = useTranslation('shell')
  const { client } = useSession()
  const { notifyError } = useSnackbar()
  const [server, setServer] = useState<VersionInfo | null>(null)
  useEffect(() => {
    client.service('version').find().then(setServer, notifyError)
  }, [client, notifyError])
  const frontend = server ? `${server.frontend.semver.major}.${server.frontend.semver.minor}.${server.frontend.semver.patch}` : null
  return (
    <PageFrame title={t('routes.app-info')} testId="scene-app-info">
      <dl>
        <dt>{t('appInfo.version')}</dt>
        <dd data-testid="app-version">{APP_VERSION.text}</dd>
        <dt>{t('appInfo.build')}</dt>
        <dd data-testid="app-build">{APP_VERSION.build}</dd>
        <dt>{t('appInfo.serverVersion')}</dt>
        <dd data-testid="server-version">{server?.server ?? t('appInfo.unknown')}</dd>
        <dt>{t('appInfo.frontendOnServer')}</dt>
        <dd>{frontend ? `${frontend} (${t('appInfo.build')} ${server?.build})` : t('appInfo.unknown')}</dd>
        <dt>{t('appInfo.ocrEngine')}</dt>
        <dd data-testid="ocr-engine">{server?.ocrEngine ?? t('appInfo.unknown')}</dd>
      </dl>
    </PageFrame>
  )
}
