import { useCallback, useEffect, useRef, useState } from 'react'
import type { BankAccessRecord, BankTermsRecord } from '@portal/sdk/services'
import { useSession } from '../../hooks/useSession'

/** The company's terms and accesses, kept current by the services' events (a colleague's or the firm's decision). */
export interface BankingState {
  terms: BankTermsRecord | null
  accesses: BankAccessRecord[] | null
  reload: () => Promise<void>
}

/** Loads a company's terms and bank accesses and reloads them when they change on the server. */
export function useBanking(companyNo: number, onError: (error: unknown) => void): BankingState {
  const { client } = useSession()
  const [terms, setTerms] = useState<BankTermsRecord | null>(null)
  const [accesses, setAccesses] = useState<BankAccessRecord[] | null>(null)
  const report = useRef(onError)
  useEffect(() => {
    report.current = onError
  }, [onError])
  const reload = useCallback(async () => {
    try {
      const [nextTerms, nextAccesses] = await Promise.all([
        client.service('bank-terms').find({ query: { client: companyNo } }),
        client.service('bank-accesses').find({ query: { client: companyNo } }),
      ])
      setTerms(nextTerms)
      setAccesses(nextAccesses)
    } catch (error) {
      report.current(error)
    }
  }, [client, companyNo])
  useEffect(() => {
    setTerms(null)
    setAccesses(null)
    void reload()
  }, [reload])
  useEffect(() => {
    const onChange = (record: { company_no: number }) => {
      if (record.company_no === companyNo) void reload()
    }
    const termsService = client.service('bank-terms')
    const accessService = client.service('bank-accesses')
    termsService.on('patched', onChange)
    accessService.on('created', onChange)
    accessService.on('patched', onChange)
    return () => {
      termsService.off('patched', onChange)
      accessService.off('created', onChange)
      accessService.off('patched', onChange)
    }
  }, [client, companyNo, reload])
  return { terms, accesses, reload }
}
