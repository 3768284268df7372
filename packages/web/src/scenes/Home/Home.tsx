import { Navigate } from 'react-router-dom'
import { homePath } from '@portal/sdk/state'
import { useSession } from '../../hooks/useSession'

/** `/`: to /overview with permission ove, else to the invoices of the favourite client (SPEC §2). */
export function HomeScene() {
  const { user } = useSession()
  return <Navigate to={homePath(user.permissions_array, user.favClient)} replace />
}
