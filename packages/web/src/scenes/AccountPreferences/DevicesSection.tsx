import { formatDate } from '@portal/sdk/i18n'
import { useCallback, useEffect, useState } from 'react'
import { Button } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { OTHER_SESSIONS, type DeviceSession } from '@portal/sdk/services'
import { Loading } from '../../components/Loading/Loading'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import styles from './AccountPreferences.module.css'

/** Device activity: every sign-in of a browser or the CLI, the current one marked; log out one or all others. */
export function DevicesSection() {
  const { t } = useTranslation('security')
  const { client, language } = useSession()
  const { notify, notifyError } = useSnackbar()
  const [devices, setDevices] = useState<DeviceSession[] | null>(null)
  const date = (iso: string) => formatDate(iso, language, { dateStyle: 'medium', timeStyle: 'short' })

  const load = useCallback(() => {
    client.service('account-sessions').find().then(setDevices).catch(notifyError)
  }, [client, notifyError])
  useEffect(load, [load])

  const logOut = async (id: string) => {
    try {
      const { ended } = await client.service('account-sessions').remove(id)
      notify({ kind: 'success', text: id === OTHER_SESSIONS ? t('devices.loggedOutOthers', { count: ended }) : t('devices.loggedOut') })
      load()
    } catch (refusal) {
      notifyError(refusal)
    }
  }

  return (
    <section className={styles.section} aria-labelledby="security-devices" data-testid="security-devices">
      <h2 id="security-devices">{t('devices.heading')}</h2>
      {devices === null ? (
        <Loading label={t('devices.heading')} />
      ) : devices.length === 0 ? (
        <p className={styles.muted}>{t('devices.none')}</p>
      ) : (
        <ul className={styles.list}>
          {devices.map((device) => (
            <li key={device.id} className={styles.item} data-testid="device" data-current={device.current}>
              <span className={styles.itemText}>
                <strong>
                  {device.kind === 'cli' ? t('devices.cli') : t('devices.browser')}
                  {device.current && <span className={styles.current}> · {t('devices.current')}</span>}
                </strong>
                {device.userAgent && <span className={styles.muted}>{device.userAgent}</span>}
                <span className={styles.muted}>
                  {device.ip ? `${t('devices.address', { ip: device.ip })} · ` : ''}
                  {t('devices.firstSeen', { date: date(device.firstSeen) })} · {t('devices.lastSeen', { date: date(device.lastSeen) })}
                </span>
              </span>
              {!device.current && (
                <Button size="small" onClick={() => void logOut(device.id)}>
                  {t('devices.logOut')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {devices && devices.some((device) => !device.current) && (
        <div className={styles.actions}>
          <Button variant="danger" onClick={() => void logOut(OTHER_SESSIONS)}>
            {t('devices.logOutOthers')}
          </Button>
        </div>
      )}
    </section>
  )
}
