import { FramedEmpty } from '../../components/FramedEmpty/FramedEmpty'

/** The fon-monitoring screen (SPEC §2); its content arrives with a later issue, so it shows its frame and an empty state. */
export function FonMonitoringScene() {
  return <FramedEmpty route="fon-monitoring" />
}
