import type { CommandContext } from '../../context'
import { CliError } from '../../errors'
import { signedInCompanies } from './signed-in-companies'

/** Whether an error is the server's 403 (the policy's refusal: no right, or not the user's company). */
function isForbidden(error: unknown): boolean {
  const status = (error as { status?: unknown; code?: unknown } | null) ?? {}
  return status.status === 403 || status.code === 403
}

/**
 * A refusal of work for a company told as what it is (issue 38). The server words every refusal alike, so that it never
 * tells whether a record exists; the user may still learn which of their own companies they may see. So after a 403
 * for a named company, the CLI asks for the user's companies and, when the company is not one of them, names it.
 * Otherwise (a missing right, another refusal) the error stays as it was.
 */
export async function explainForeignCompany(ctx: CommandContext, company: number | undefined, error: unknown): Promise<unknown> {
  if (company === undefined || !isForbidden(error)) return error
  try {
    const { companies } = await signedInCompanies(ctx)
    if (companies.some((known) => known.company_no === company)) return error
  } catch {
    return error
  }
  return new CliError('errors.foreignCompany', { company })
}
