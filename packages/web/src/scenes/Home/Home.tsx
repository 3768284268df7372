import { Navigate } from 'react-router-dom'
import { landingPath } from '@portal/sdk/state'
import { useSession } from '../../hooks/useSession'
import { isPhone } from '../../lib/device'

/**
 * `/`: to /overview with permission ove, else to the invoices of the favourite client (SPEC §2); on a phone a client
 * company's people land on the camera capture (issue 36).
 */
export function HomeScene() {
  const { user } = useSession()
  return <Navigate to={landingPath(user.permissions_array, user.favClient, { phone: isPhone() })} replace />
}
