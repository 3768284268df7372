import { describe, expect, it } from 'vitest'
import { renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import type { PortalClient } from '@portal/sdk/client'
import type { Config, SessionUser } from '@portal/sdk/services'
import { SessionContext, type SessionState } from '../providers/contexts'
import { useCan } from './useCan'

function as(permissions: string[], companies: number[]) {
  const user = { permissions_array: permissions, klienten_array: companies } as unknown as SessionUser
  const session: SessionState = { client: {} as PortalClient, user, config: {} as Config, language: 'en', setLanguage: async () => {} }
  return ({ children }: { children: ReactNode }) => <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
}

describe('useCan', () => {
  it('answers from the SDK ability table: the right and the company both count', () => {
    const check = (permissions: string[], companyNo: number) =>
      renderHook(() => useCan('documents', 'patch', { companyNo }), { wrapper: as(permissions, [1001]) }).result.current
    expect(check(['doc'], 1001)).toBe(true)
    expect(check(['doc'], 1002)).toBe(false)
    expect(check(['ove'], 1001)).toBe(false)
  })

  it('refuses what the portal does not offer at all', () => {
    const { result } = renderHook(() => useCan('aggregator', 'remove'), { wrapper: as(['adm', 'doc'], [1001]) })
    expect(result.current).toBe(false)
  })
})
