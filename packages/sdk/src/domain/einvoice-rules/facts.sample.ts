/** A sample of the facts the business rules look at, for their tests (not exported from the SDK). */
import type { EInvoiceRuleFacts } from './facts'

/** A complete XRechnung 3.0 invoice: 19 % and 7 % lines, a 10.00 allowance at 19 %, a 5.00 charge at 7 %. */
export function validFacts(): EInvoiceRuleFacts {
  return {
    specification: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
    invoice_number: 'RE-1',
    issue_date: '2026-10-05',
    due_date: '2026-10-19',
    payment_terms: null,
    type_code: '380',
    currency: 'EUR',
    buyer_reference: '991-33333TEST-33',
    order_reference: null,
    business_process: 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
    seller: { name: 'Muster GmbH', vat_id: 'DE123456789', identifier: null, tax_registration: null, tax_representative_vat_id: null, endpoint: 'rechnung@muster.example', country: 'DE', city: 'Leipzig', postcode: '04109' },
    buyer: { name: 'Stadt', vat_id: null, identifier: null, tax_registration: null, tax_representative_vat_id: null, endpoint: 'eingang@stadt.example', country: 'DE', city: 'Halle', postcode: '06108' },
    seller_contact: { name: 'Erika Beispiel', phone: '+49 341 0', email: 'erika@example.org' },
    lines: [
      { net: '125.00', quantity: '10', unit: 'C62', name: 'Ordner', price: '12.50', category: 'S', rate: '19' },
      { net: '40.00', quantity: '2', unit: 'C62', name: 'Buch', price: '20.00', category: 'S', rate: '7' },
    ],
    allowances_charges: [
      { charge: false, amount: '10.00', category: 'S', rate: '19' },
      { charge: true, amount: '5.00', category: 'S', rate: '7' },
    ],
    totals: {
      lines: '165.00',
      allowances: '10.00',
      charges: '5.00',
      net: '160.00',
      tax: '25.00',
      gross: '185.00',
      prepaid: '50.00',
      rounding: null,
      due: '135.00',
      third_party: null,
    },
    tax_breakdown: [
      { category: 'S', rate: '19', basis: '115.00', tax: '21.85', exemption: null },
      { category: 'S', rate: '7', basis: '45.00', tax: '3.15', exemption: null },
    ],
    payment_means_codes: ['58'],
    payment_accounts: ['DE02120300000000202051'],
  }
}
