import { Box, Text, useApp, useInput } from 'ink'
import { useEffect, useState } from 'react'
import type { AccountingClient } from '@portal/sdk/services'
import type { Translate } from '../../../i18n'
import { CompanyPicker } from '../CompanyPicker/CompanyPicker'
import { PendingCounts, type Counts } from '../PendingCounts/PendingCounts'
import { RecentDocuments } from '../RecentDocuments/RecentDocuments'
import type { RecentDocument } from '../../../services/tui/recent-documents'
import { UsersScreen, type UsersScreenProps } from '../UsersScreen/UsersScreen'
import { FonConflicts, type FonConflictsProps } from '../FonConflicts/FonConflicts'

/** Live pending counts of a company: calls onChange now and on every change until unsubscribed. */
export type WatchCounts = (args: { companyNo: number; onChange(counts: Counts): void }) => () => void

/** Live newest documents of a company; onChange(null) when the user may not see them. */
export type WatchDocuments = (args: { companyNo: number; onChange(documents: RecentDocument[] | null): void }) => () => void

/** Props of TuiApp. */
export interface TuiAppProps {
  t: Translate
  /** Who is signed in, shown in the title line. */
  userLabel: string
  companies: AccountingClient[]
  watchCounts: WatchCounts
  /** Follows uploads and their processing; left out, the list is not shown. */
  watchDocuments?: WatchDocuments
  /** The users screen (user managers only): Tab opens it from the company list. */
  users?: Pick<UsersScreenProps, 'watchUsers' | 'applyChanges'>
  /** The FON conflicts screen (administrators only): Ctrl+F opens it from the company list. */
  fonConflicts?: Pick<FonConflictsProps, 'watch' | 'resolve'>
}

function CompanyView({ company, t, watchCounts, watchDocuments, onBack }: {
  company: AccountingClient
  t: Translate
  watchCounts: WatchCounts
  watchDocuments?: WatchDocuments
  onBack(): void
}) {
  const { exit } = useApp()
  const [counts, setCounts] = useState<Counts>()
  const [documents, setDocuments] = useState<RecentDocument[] | null>(null)
  useEffect(() => watchCounts({ companyNo: company.company_no, onChange: setCounts }), [company.company_no, watchCounts])
  useEffect(
    () => watchDocuments?.({ companyNo: company.company_no, onChange: setDocuments }),
    [company.company_no, watchDocuments],
  )
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
      {documents ? (
        <Box flexDirection="column">
          <Text underline>{t('tui.recent')}</Text>
          <RecentDocuments documents={documents} t={t} />
        </Box>
      ) : null}
      <Text dimColor>{t('tui.live')}</Text>
    </Box>
  )
}

/** The terminal app: pick a company (searchable), then watch its pending counts update live. */
export function TuiApp({ t, userLabel, companies, watchCounts, watchDocuments, users, fonConflicts }: TuiAppProps) {
  const { exit } = useApp()
  const [company, setCompany] = useState<AccountingClient>()
  const [showUsers, setShowUsers] = useState(false)
  const [showConflicts, setShowConflicts] = useState(false)
  useInput((input, key) => {
    if (key.tab && users && !company && !showUsers && !showConflicts) setShowUsers(true)
    if (key.ctrl && input === 'f' && fonConflicts && !company && !showUsers) setShowConflicts(true)
  })
  if (showConflicts && fonConflicts) {
    return (
      <Box flexDirection="column" gap={1}>
        <Text>
          <Text bold color="#336699">
            {t('tui.title')}
          </Text>{' '}
          <Text dimColor>{userLabel}</Text>
        </Text>
        <FonConflicts t={t} watch={fonConflicts.watch} resolve={fonConflicts.resolve} onBack={() => setShowConflicts(false)} onQuit={exit} />
      </Box>
    )
  }
  if (showUsers && users) {
    return (
      <Box flexDirection="column" gap={1}>
        <Text>
          <Text bold color="#336699">
            {t('tui.title')}
          </Text>{' '}
          <Text dimColor>{userLabel}</Text>
        </Text>
        <UsersScreen t={t} watchUsers={users.watchUsers} applyChanges={users.applyChanges} onBack={() => setShowUsers(false)} />
      </Box>
    )
  }
  return (
    <Box flexDirection="column" gap={1}>
      <Text>
        <Text bold color="#336699">
          {t('tui.title')}
        </Text>{' '}
        <Text dimColor>{userLabel}</Text>
      </Text>
      {company ? (
        <CompanyView
          company={company}
          t={t}
          watchCounts={watchCounts}
          watchDocuments={watchDocuments}
          onBack={() => setCompany(undefined)}
        />
      ) : (
        <>
          <CompanyPicker companies={companies} t={t} onSelect={({ company: picked }) => setCompany(picked)} onQuit={exit} />
          {users ? <Text dimColor>{t('users:tui.open')}</Text> : null}
          {fonConflicts ? <Text dimColor>{t('fon:tui.open')}</Text> : null}
        </>
      )}
    </Box>
  )
}
