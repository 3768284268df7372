import { FramedEmpty } from '../../components/FramedEmpty/FramedEmpty'

/** The settings screen (SPEC §2); its content arrives with a later issue, so it shows its frame and an empty state. */
export function CompanySettingsScene() {
  return <FramedEmpty route="settings" />
}
