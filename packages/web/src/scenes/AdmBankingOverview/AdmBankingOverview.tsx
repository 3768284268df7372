import { FramedEmpty } from '../../components/FramedEmpty/FramedEmpty'

/** The adm-banking-overview screen (SPEC §2); its content arrives with a later issue, so it shows its frame and an empty state. */
export function AdmBankingOverviewScene() {
  return <FramedEmpty route="adm-banking-overview" />
}
