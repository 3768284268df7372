import { FramedEmpty } from '../../components/FramedEmpty/FramedEmpty'

/** The documents screen (SPEC §2); its content arrives with a later issue, so it shows its frame and an empty state. */
export function DocumentsScene() {
  return <FramedEmpty route="documents" />
}
