/** What the e-invoice business rules look at: the facts a reader takes from the XML (the server's ruleFactsOf). */

/** A line of the VAT breakdown (BG-23). */
export interface EInvoiceRuleTax {
  /** VAT category code (BT-118): S, Z, E, AE, K, G, O, L, M. */
  category: string | null
  /** VAT rate in percent (BT-119). */
  rate: string | null
  /** Taxable amount (BT-116). */
  basis: string | null
  /** Tax amount (BT-117). */
  tax: string | null
  /** Exemption reason text (BT-120) or code (BT-121), when given. */
  exemption: string | null
  /** Exemption reason code (BT-121) alone, for its code list (BR-CL-22); absent where the reader does not take it. */
  exemption_code?: string | null
}

/** An invoice line (BG-25) as far as the rules need it. */
export interface EInvoiceRuleLine {
  /** Line net amount (BT-131). */
  net: string | null
  quantity: string | null
  unit: string | null
  /** Item name (BT-153). */
  name: string | null
  /** Item net price (BT-146). */
  price: string | null
  category: string | null
  rate: string | null
  /** Item country of origin (BT-159), for its code list (BR-CL-15). */
  origin_country?: string | null
}

/** A document level allowance (BG-20) or charge (BG-21). */
export interface EInvoiceRuleAllowanceCharge {
  charge: boolean
  amount: string | null
  category: string | null
  rate: string | null
}

/** A party's details the rules ask for. */
export interface EInvoiceRuleParty {
  name: string | null
  vat_id: string | null
  /** Seller identifier (BT-29) or legal registration identifier (BT-30); the buyer's legal registration (BT-47). */
  identifier: string | null
  /** The seller's tax registration identifier (BT-32), a national tax number; null for the buyer. */
  tax_registration: string | null
  /** The VAT id of the seller's tax representative (BT-63); null for the buyer. */
  tax_representative_vat_id: string | null
  /** Electronic address (seller BT-34, buyer BT-49). */
  endpoint: string | null
  country: string | null
  city: string | null
  postcode: string | null
}

/** Everything the rules look at, read from the e-invoice XML; money and rates as decimal strings. */
export interface EInvoiceRuleFacts {
  specification: string | null
  invoice_number: string | null
  issue_date: string | null
  /** Payment due date (BT-9). */
  due_date: string | null
  /** Payment terms (BT-20). */
  payment_terms: string | null
  type_code: string | null
  currency: string | null
  /** VAT accounting currency (BT-6). The code list facts (this and the two below) are absent where not read. */
  tax_currency?: string | null
  /** Every currency an amount of the XML names in its own attribute (UBL's currencyID), each once (BR-CL-03). */
  amount_currencies?: string[]
  /** Deliver-to country (BT-80). */
  delivery_country?: string | null
  /** Buyer reference (BT-10), Leitweg-ID in XRechnung. */
  buyer_reference: string | null
  /** Purchase order reference (BT-13). */
  order_reference: string | null
  /** Business process type (BT-23; UBL ProfileID). */
  business_process: string | null
  seller: EInvoiceRuleParty
  buyer: EInvoiceRuleParty
  /** Seller contact (BG-6): point of contact, telephone, e-mail; null when the group is absent. */
  seller_contact: { name: string | null; phone: string | null; email: string | null } | null
  lines: EInvoiceRuleLine[]
  allowances_charges: EInvoiceRuleAllowanceCharge[]
  totals: {
    /** BT-106 */ lines: string | null
    /** BT-107 */ allowances: string | null
    /** BT-108 */ charges: string | null
    /** BT-109 */ net: string | null
    /** BT-110 */ tax: string | null
    /** BT-112 */ gross: string | null
    /** BT-113 */ prepaid: string | null
    /** BT-114 */ rounding: string | null
    /** BT-115 */ due: string | null
    /** XRechnung extension: sum of the third party payments (BG-DEX-09), which the amount due includes. */
    third_party: string | null
  }
  tax_breakdown: EInvoiceRuleTax[]
  /** Payment means type codes (BT-81). */
  payment_means_codes: string[]
  /** Payment account identifiers (BT-84) of credit transfers. */
  payment_accounts: string[]
  /**
   * For CEN's syntax rules (UBL-SR-…, CII-SR-…; syntax.ts): per rule id, how often the XML holds what the rule counts,
   * once per place it looks at, in document order. Absent where not read (ebInterface, older callers).
   */
  syntax_counts?: Partial<Record<string, number[]>>
}
