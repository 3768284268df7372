import { FramedEmpty } from '../../components/FramedEmpty/FramedEmpty'

/** The user-admin screen (SPEC §2); its content arrives with a later issue, so it shows its frame and an empty state. */
export function UserAdminScene() {
  return <FramedEmpty route="user-admin" />
}
