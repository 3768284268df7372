import { Button } from '@primer/react'
import { LockIcon } from '@primer/octicons-react'
import { useNavigate } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { EmptyState, PageFrame } from '../PageFrame/PageFrame'

/** Shown instead of a screen the user has no permission for: a clear message and never the content. */
export function Forbidden() {
  const { t } = useTranslation('shell')
  const navigate = useNavigate()
  return (
    <PageFrame title={t('pages.forbiddenTitle')} testId="forbidden">
      <EmptyState icon={<LockIcon size={32} />} title={t('pages.forbiddenTitle')} text={t('pages.forbiddenText')}>
        <Button variant="primary" onClick={() => navigate('/')}>
          {t('pages.backToStart')}
        </Button>
      </EmptyState>
    </PageFrame>
  )
}
