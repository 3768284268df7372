import { FramedEmpty } from '../../components/FramedEmpty/FramedEmpty'

/** The responsibility screen (SPEC §2); its content arrives with a later issue, so it shows its frame and an empty state. */
export function ResponsibilityScene() {
  return <FramedEmpty route="responsibility" />
}
