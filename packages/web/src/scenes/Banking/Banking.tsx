import { FramedEmpty } from '../../components/FramedEmpty/FramedEmpty'

/** The banking screen (SPEC §2); its content arrives with a later issue, so it shows its frame and an empty state. */
export function BankingScene() {
  return <FramedEmpty route="banking" />
}
