import { useCan } from '../../hooks/useCan'
import { ApprovalPolicyForm } from '../CompanySettings/ApprovalPolicyForm'

/** Props of PaymentPolicy. */
export interface PaymentPolicyProps {
  companyNo: number
}

/**
 * The company's approval policy where its payments are made (docs/payments.md): the company settings page is an
 * administrator's, so whoever may read the policy (`app`, `pay` or `adm` with the company, the SDK's ability table that
 * the server's policy module enforces) finds it on the unpaid items too — changed by `pay` or `adm`, read-only for
 * `app`, delegations for `app`. Nothing is shown, and nothing asked of the server, to anyone else.
 */
export function PaymentPolicy({ companyNo }: PaymentPolicyProps) {
  const mayRead = useCan('approval-policies', 'get', { companyNo })
  return mayRead ? <ApprovalPolicyForm companyNo={companyNo} /> : null
}
