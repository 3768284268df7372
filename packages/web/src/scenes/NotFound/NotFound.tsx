import { Button } from '@primer/react'
import { useNavigate } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/PageFrame/PageFrame'

/** Any unknown path: says so and offers the way back to the start. */
export function NotFoundScene() {
  const { t } = useTranslation('shell')
  const navigate = useNavigate()
  return (
    <PageFrame title={t('pages.notFoundTitle')} testId="scene-not-found">
      <p>{t('pages.notFoundText')}</p>
      <Button variant="primary" onClick={() => navigate('/')} data-testid="back-to-start">
        {t('pages.backToStart')}
      </Button>
    </PageFrame>
  )
}
