import { FramedEmpty } from '../../components/FramedEmpty/FramedEmpty'

/** The sv-tool screen (SPEC §2); its content arrives with a later issue, so it shows its frame and an empty state. */
export function SvToolScene() {
  return <FramedEmpty route="sv-tool" />
}
