import { DocumentKind, DocumentStatus } from '@portal/sdk/domain'
import { inCompanies } from '../overview-scope'

// The documents' part of the firm dashboard's one query (models/company-overview.ts): common table expressions over
// `sel` (the caller's companies) and `mon` (the months checked), each shaped like an index of migrations 003/009/010
// so 500 companies are counted from the indexes.

const CONFIRMED_BIT = `(d.status & ${Number(DocumentStatus.Confirmed)})`
const BOOKED = Number(DocumentStatus.Booked)

/** Per company: unconfirmed incoming invoices (the ER_U view's count) and editor documents not processed yet. */
export const DOCUMENT_COUNT_CTES = `
  invoices_open as (
    select d.company_no, count(*)::int as n from documents d
    where ${inCompanies('d')} and d.deleted_at is null and not d.in_editor and d.document_type = '${DocumentKind.ER}' and ${CONFIRMED_BIT} = 0
    group by d.company_no),
  editor as (
    select d.company_no, count(*)::int as n from documents d
    where ${inCompanies('d')} and d.in_editor and d.is_processed_documents_accumulator is null and d.deleted_at is null
    group by d.company_no)`

/** Per company and month: cash receipts (KA) of the month not booked yet (invoice date, else the upload's day). */
export const CASH_BOOK_CTE = `
  cash_open as (
    select d.company_no, mon.month, count(*)::int as n from documents d
    join mon on coalesce(d.invoice_date, d.created_at::date) between mon.month_from and mon.month_to
    where ${inCompanies('d')} and d.deleted_at is null and not d.in_editor and d.document_type = '${DocumentKind.KA}' and (d.status & ${BOOKED}) = 0
    group by d.company_no, mon.month)`
