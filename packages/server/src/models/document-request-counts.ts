import { inCompanies } from './overview-scope'

// The requests' part of the firm dashboard and the month check (issue 34): counting only; the requests themselves
// (create, answer, close) belong to the document-requests service and its model.

/**
 * Over `sel` and `mon` (models/company-overview.ts): per company, the requests not closed and those past their due
 * date on `p.today`; per company and month, the same of the requests asked by the month's last day.
 */
export const REQUEST_CTES = `
  requests as (
    select r.company_no, count(*)::int as open, count(*) filter (where r.due_date < (select today from p))::int as overdue
    from document_requests r where ${inCompanies('r')} and r.status <> 'closed' group by r.company_no),
  requests_month as (
    select r.company_no, mon.month, count(*)::int as open, count(*) filter (where r.due_date < (select today from p))::int as overdue
    from document_requests r join mon on r.created_at::date <= mon.month_to
    where ${inCompanies('r')} and r.status <> 'closed' group by r.company_no, mon.month)`
