import { Box, Text, useApp, useInput } from 'ink'
import { useEffect, useState } from 'react'
import type { AccountingClient } from '@portal/sdk/services'
import type { Translate } from '../../../i18n'
import { CompanyPicker } from '../CompanyPicker/CompanyPicker'
import { PendingCounts, type Counts } from '../PendingCounts/PendingCounts'

/** Live pending counts of a company: calls onChange now and on every change until unsubscribed. */
export type WatchCounts = (args: { companyNo: number; onChange(counts: Counts): void }) => () => void

/** Props of TuiApp. */
export interface TuiAppProps {
  t: Translate
  /** Who is signed in, shown in the title line. */
  userLabel: string
  companies: AccountingClient[]
  watchCounts: WatchCounts
}

function CompanyView({ company, t, watchCounts, onBack }: {
  company: AccountingClient
  t: Translate
  watchCounts: WatchCounts
  onBack(): void
}) {
  const { exit } = useApp()
  const [counts, setCounts] = useState<Counts>()
  useEffect(() => watchCounts({ companyNo: company.company_no, onChange: setCounts }), [company.company_no, watchCounts])
  useInput((input, key) => {
    if (key.escape) onBack()
    else if (input === 'q') exit()
  })
  return (
    <Box flexDirection="column" gap={1}>
      <Text bold color="cyan">
        {t('tui.company', { number: company.company_no, name: company.company_name, place: company.company_place })}
      </Text>
      <Box flexDirection="column">
        <Text underline>{t('tui.pending')}</Text>
        <PendingCounts counts={counts} t={t} />
      </Box>
      <Text dimColor>{t('tui.live')}</Text>
    </Box>
  )
}

/** The terminal app: pick a company (searchable), then watch its pending counts update live. */
export function TuiApp({ t, userLabel, companies, watchCounts }: TuiAppProps) {
  const { exit } = useApp()
  const [company, setCompany] = useState<AccountingClient>()
  return (
    <Box flexDirection="column" gap={1}>
      <Text>
        <Text bold color="#336699">
          {t('tui.title')}
        </Text>{' '}
        <Text dimColor>{userLabel}</Text>
      </Text>
      {company ? (
        <CompanyView company={company} t={t} watchCounts={watchCounts} onBack={() => setCompany(undefined)} />
      ) : (
        <CompanyPicker companies={companies} t={t} onSelect={({ company: picked }) => setCompany(picked)} onQuit={exit} />
      )}
    </Box>
  )
}
