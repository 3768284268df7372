import { Button } from '@primer/react'
import { AlertIcon } from '@primer/octicons-react'
import { useNavigate } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/PageFrame/PageFrame'

/** The /error page: something failed; the way back to the start. */
export function ErrorPageScene() {
  const { t } = useTranslation('shell')
  const navigate = useNavigate()
  return (
    <PageFrame title={t('pages.errorTitle')} testId="scene-error">
      <p>
        <AlertIcon /> {t('pages.errorText')}
      </p>
      <Button variant="primary" onClick={() => navigate('/')}>
        {t('pages.backToStart')}
      </Button>
    </PageFrame>
  )
}
