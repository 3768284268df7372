import { useParams } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { FramedEmpty } from '../../components/FramedEmpty/FramedEmpty'

/** The address list of the admin area, optionally opened at one address (SPEC §2). */
export function AddressesScene() {
  const { t } = useTranslation('shell')
  const { address_id: addressId } = useParams()
  return <FramedEmpty route="addresses" details={addressId ? [t('pages.addressId', { id: addressId })] : []} />
}
