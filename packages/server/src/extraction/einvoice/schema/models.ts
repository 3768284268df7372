/**
 * The content models our subset schemas reproduce, written down by us as data (element names in order with their
 * occurrence: none = exactly one, `?` optional, `*` any number, `+` at least one). They reproduce, narrowed:
 * - OASIS UBL 2.1 (maindoc UBL-Invoice-2.1 and UBL-CreditNote-2.1, and the aggregates EN 16931 uses from
 *   UBL-CommonAggregateComponents-2.1; the basic components' data types from UBL-CommonBasicComponents-2.1 /
 *   the unqualified data types);
 * - UN/CEFACT Cross Industry Invoice D16B (the SCRDM subset EN 16931 names, uncoupled code lists): the root, the
 *   document context and header, the header agreement, delivery and settlement, the monetary summation, trade tax,
 *   allowances and charges, trade parties and the line item with its settlement;
 * - ebInterface 3.0, 3.02, 4.0, 4.1, 4.2, 4.3, 5.0, 6.0, 6.1 (the root element's sequence and attributes, the
 *   document references' sequences since 4.1, and every element declared with a date, amount, boolean or positive
 *   integer type).
 * Aggregates not listed here are accepted with any content, each element inside still checked when we declare it
 * (lax); see subset-xsd.ts and docs/documents.md ("Checked against the schema").
 */

/** UBL 2.1: the documents' root sequences. */
export const UBL_ROOTS = {
  Invoice: "UBLExtensions? UBLVersionID? CustomizationID? ProfileID? ProfileExecutionID? ID CopyIndicator? UUID? IssueDate IssueTime? DueDate? InvoiceTypeCode? Note* TaxPointDate? DocumentCurrencyCode? TaxCurrencyCode? PricingCurrencyCode? PaymentCurrencyCode? PaymentAlternativeCurrencyCode? AccountingCostCode? AccountingCost? LineCountNumeric? BuyerReference? InvoicePeriod* OrderReference? BillingReference* DespatchDocumentReference* ReceiptDocumentReference* StatementDocumentReference* OriginatorDocumentReference* ContractDocumentReference* AdditionalDocumentReference* ProjectReference* Signature* AccountingSupplierParty AccountingCustomerParty PayeeParty? BuyerCustomerParty? SellerSupplierParty? TaxRepresentativeParty? Delivery* DeliveryTerms? PaymentMeans* PaymentTerms* PrepaidPayment* AllowanceCharge* TaxExchangeRate? PricingExchangeRate? PaymentExchangeRate? PaymentAlternativeExchangeRate? TaxTotal* WithholdingTaxTotal* LegalMonetaryTotal InvoiceLine+",
  CreditNote: "UBLExtensions? UBLVersionID? CustomizationID? ProfileID? ProfileExecutionID? ID CopyIndicator? UUID? IssueDate IssueTime? TaxPointDate? CreditNoteTypeCode? Note* DocumentCurrencyCode? TaxCurrencyCode? PricingCurrencyCode? PaymentCurrencyCode? PaymentAlternativeCurrencyCode? AccountingCostCode? AccountingCost? LineCountNumeric? BuyerReference? InvoicePeriod* DiscrepancyResponse* OrderReference? BillingReference* DespatchDocumentReference* ReceiptDocumentReference* ContractDocumentReference* AdditionalDocumentReference* StatementDocumentReference* OriginatorDocumentReference* Signature* AccountingSupplierParty AccountingCustomerParty PayeeParty? BuyerCustomerParty? SellerSupplierParty? TaxRepresentativeParty? Delivery* DeliveryTerms* PaymentMeans* PaymentTerms* TaxExchangeRate? PricingExchangeRate? PaymentExchangeRate? PaymentAlternativeExchangeRate? AllowanceCharge* TaxTotal* LegalMonetaryTotal CreditNoteLine+",
} as const

/** UBL 2.1: the aggregate types checked element by element (the name without `Type`). */
export const UBL_TYPES: Record<string, string> = {
  MonetaryTotal: "LineExtensionAmount? TaxExclusiveAmount? TaxInclusiveAmount? AllowanceTotalAmount? ChargeTotalAmount? PrepaidAmount? PayableRoundingAmount? PayableAmount PayableAlternativeAmount?",
  TaxTotal: "TaxAmount RoundingAmount? TaxEvidenceIndicator? TaxIncludedIndicator? TaxSubtotal*",
  TaxSubtotal: "TaxableAmount? TaxAmount CalculationSequenceNumeric? TransactionCurrencyTaxAmount? Percent? BaseUnitMeasure? PerUnitAmount? TierRange? TierRatePercent? TaxCategory",
  InvoiceLine: "ID UUID? Note* InvoicedQuantity? LineExtensionAmount TaxPointDate? AccountingCostCode? AccountingCost? PaymentPurposeCode? FreeOfChargeIndicator? InvoicePeriod* OrderLineReference* DespatchLineReference* ReceiptLineReference* BillingReference* DocumentReference* PricingReference? OriginatorParty? Delivery* PaymentTerms* AllowanceCharge* TaxTotal* WithholdingTaxTotal* Item Price? DeliveryTerms? SubInvoiceLine* ItemPriceExtension?",
  CreditNoteLine: "ID UUID? Note* CreditedQuantity? LineExtensionAmount? TaxPointDate? AccountingCostCode? AccountingCost? PaymentPurposeCode? FreeOfChargeIndicator? InvoicePeriod* OrderLineReference* DiscrepancyResponse* DespatchLineReference* ReceiptLineReference* BillingReference* DocumentReference* PricingReference? OriginatorParty? Delivery* PaymentTerms* TaxTotal* AllowanceCharge* Item? Price? DeliveryTerms* SubCreditNoteLine* ItemPriceExtension?",
  Item: "Description* PackQuantity? PackSizeNumeric? CatalogueIndicator? Name? HazardousRiskIndicator? AdditionalInformation* Keyword* BrandName* ModelName* BuyersItemIdentification? SellersItemIdentification? ManufacturersItemIdentification* StandardItemIdentification? CatalogueItemIdentification? AdditionalItemIdentification* CatalogueDocumentReference? ItemSpecificationDocumentReference* OriginCountry? CommodityClassification* TransactionConditions* HazardousItem* ClassifiedTaxCategory* AdditionalItemProperty* ManufacturerParty* InformationContentProviderParty? OriginAddress* ItemInstance* Certificate* Dimension*",
  Price: "PriceAmount BaseQuantity? PriceChangeReason* PriceTypeCode? PriceType? OrderableUnitFactorRate? ValidityPeriod* PriceList? AllowanceCharge* PricingExchangeRate?",
  AllowanceCharge: "ID? ChargeIndicator AllowanceChargeReasonCode? AllowanceChargeReason* MultiplierFactorNumeric? PrepaidIndicator? SequenceNumeric? Amount BaseAmount? AccountingCostCode? AccountingCost? PerUnitAmount? TaxCategory* TaxTotal? PaymentMeans*",
  PaymentMeans: "ID? PaymentMeansCode PaymentDueDate? PaymentChannelCode? InstructionID? InstructionNote* PaymentID* CardAccount? PayerFinancialAccount? PayeeFinancialAccount? CreditAccount? PaymentMandate? TradeFinancing?",
  Party: "MarkCareIndicator? MarkAttentionIndicator? WebsiteURI? LogoReferenceID? EndpointID? IndustryClassificationCode? PartyIdentification* PartyName* Language? PostalAddress? PhysicalLocation? PartyTaxScheme* PartyLegalEntity* Contact? Person* AgentParty? ServiceProviderParty* PowerOfAttorney* FinancialAccount?",
  CustomerParty: "CustomerAssignedAccountID? SupplierAssignedAccountID? AdditionalAccountID* Party? DeliveryContact? AccountingContact? BuyerContact?",
  SupplierParty: "CustomerAssignedAccountID? AdditionalAccountID* DataSendingCapability? Party? DespatchContact? AccountingContact? SellerContact?",
  Address: "ID? AddressTypeCode? AddressFormatCode? Postbox? Floor? Room? StreetName? AdditionalStreetName? BlockName? BuildingName? BuildingNumber? InhouseMail? Department? MarkAttention? MarkCare? PlotIdentification? CitySubdivisionName? CityName? PostalZone? CountrySubentity? CountrySubentityCode? Region? District? TimezoneOffset? AddressLine* Country? LocationCoordinate*",
  TaxCategory: "ID? Name? Percent? BaseUnitMeasure? PerUnitAmount? TaxExemptionReasonCode? TaxExemptionReason* TierRange? TierRatePercent? TaxScheme",
  TaxScheme: "ID? Name? TaxTypeCode? CurrencyCode? JurisdictionRegionAddress*",
  PartyTaxScheme: "RegistrationName? CompanyID? TaxLevelCode? ExemptionReasonCode? ExemptionReason* RegistrationAddress? TaxScheme",
  PartyLegalEntity: "RegistrationName? CompanyID? RegistrationDate? RegistrationExpirationDate? CompanyLegalFormCode? CompanyLegalForm? SoleProprietorshipIndicator? CompanyLiquidationStatusCode? CorporateStockAmount? FullyPaidSharesIndicator? RegistrationAddress? CorporateRegistrationScheme? HeadOfficeParty? ShareholderParty*",
  Contact: "ID? Name? Telephone? Telefax? ElectronicMail? Note* OtherCommunication*",
  FinancialAccount: "ID? Name? AliasName? AccountTypeCode? AccountFormatCode? CurrencyCode? PaymentNote* FinancialInstitutionBranch? Country?",
  Period: "StartDate? StartTime? EndDate? EndTime? DurationMeasure? DescriptionCode* Description*",
  Country: "IdentificationCode? Name?",
  PartyName: "Name",
  PaymentTerms: "ID? PaymentMeansID* PrepaidPaymentReferenceID? Note* ReferenceEventCode? SettlementDiscountPercent? PenaltySurchargePercent? PaymentPercent? Amount? SettlementDiscountAmount? PenaltyAmount? PaymentTermsDetailsURI? PaymentDueDate? InstallmentDueDate? InvoicingPartyReference? SettlementPeriod? PenaltyPeriod? ExchangeRate? ValidityPeriod?",
}

/** UBL 2.1: the cac elements of those types. */
export const UBL_CAC_ELEMENTS: Record<string, string> = {
  AccountingContact: "Contact",
  AccountingCustomerParty: "CustomerParty",
  AccountingSupplierParty: "SupplierParty",
  AgentParty: "Party",
  AllowanceCharge: "AllowanceCharge",
  BuyerContact: "Contact",
  BuyerCustomerParty: "CustomerParty",
  ClassifiedTaxCategory: "TaxCategory",
  Contact: "Contact",
  Country: "Country",
  CreditNoteLine: "CreditNoteLine",
  DeliveryContact: "Contact",
  DespatchContact: "Contact",
  FinancialAccount: "FinancialAccount",
  HeadOfficeParty: "Party",
  InformationContentProviderParty: "Party",
  InvoiceLine: "InvoiceLine",
  InvoicePeriod: "Period",
  Item: "Item",
  JurisdictionRegionAddress: "Address",
  LegalMonetaryTotal: "MonetaryTotal",
  ManufacturerParty: "Party",
  OriginAddress: "Address",
  OriginCountry: "Country",
  OriginatorParty: "Party",
  Party: "Party",
  PartyLegalEntity: "PartyLegalEntity",
  PartyName: "PartyName",
  PartyTaxScheme: "PartyTaxScheme",
  PayeeFinancialAccount: "FinancialAccount",
  PayeeParty: "Party",
  PayerFinancialAccount: "FinancialAccount",
  PaymentMeans: "PaymentMeans",
  PaymentTerms: "PaymentTerms",
  PenaltyPeriod: "Period",
  PostalAddress: "Address",
  Price: "Price",
  RegistrationAddress: "Address",
  SellerContact: "Contact",
  SellerSupplierParty: "SupplierParty",
  SettlementPeriod: "Period",
  SubCreditNoteLine: "CreditNoteLine",
  SubInvoiceLine: "InvoiceLine",
  TaxCategory: "TaxCategory",
  TaxRepresentativeParty: "Party",
  TaxScheme: "TaxScheme",
  TaxSubtotal: "TaxSubtotal",
  TaxTotal: "TaxTotal",
  ValidityPeriod: "Period",
  WithholdingTaxTotal: "TaxTotal",
}

/** UBL 2.1: the cac elements referenced above whose content is not checked element by element. */
export const UBL_CAC_LAX: readonly string[] = ["AdditionalDocumentReference", "AdditionalItemIdentification", "AdditionalItemProperty", "AddressLine", "BillingReference", "BuyersItemIdentification", "CardAccount", "CatalogueDocumentReference", "CatalogueItemIdentification", "Certificate", "CommodityClassification", "ContractDocumentReference", "CorporateRegistrationScheme", "CreditAccount", "Delivery", "DeliveryTerms", "DespatchDocumentReference", "DespatchLineReference", "Dimension", "DiscrepancyResponse", "DocumentReference", "ExchangeRate", "FinancialInstitutionBranch", "HazardousItem", "ItemInstance", "ItemPriceExtension", "ItemSpecificationDocumentReference", "Language", "LocationCoordinate", "ManufacturersItemIdentification", "OrderLineReference", "OrderReference", "OriginatorDocumentReference", "OtherCommunication", "PartyIdentification", "PaymentAlternativeExchangeRate", "PaymentExchangeRate", "PaymentMandate", "Person", "PhysicalLocation", "PowerOfAttorney", "PrepaidPayment", "PriceList", "PricingExchangeRate", "PricingReference", "ProjectReference", "ReceiptDocumentReference", "ReceiptLineReference", "SellersItemIdentification", "ServiceProviderParty", "ShareholderParty", "Signature", "StandardItemIdentification", "StatementDocumentReference", "TaxExchangeRate", "TradeFinancing", "TransactionConditions"]

/** UBL 2.1: the cbc elements referenced above, by their unqualified data type. */
export const UBL_CBC: Record<string, readonly string[]> = {
  Code: ["AccountFormatCode", "AccountTypeCode", "AccountingCostCode", "AddressFormatCode", "AddressTypeCode", "AllowanceChargeReasonCode", "CompanyLegalFormCode", "CompanyLiquidationStatusCode", "CountrySubentityCode", "CreditNoteTypeCode", "CurrencyCode", "DescriptionCode", "DocumentCurrencyCode", "ExemptionReasonCode", "IdentificationCode", "IndustryClassificationCode", "InvoiceTypeCode", "PaymentAlternativeCurrencyCode", "PaymentChannelCode", "PaymentCurrencyCode", "PaymentMeansCode", "PaymentPurposeCode", "PriceTypeCode", "PricingCurrencyCode", "ReferenceEventCode", "SoleProprietorshipIndicator", "TaxCurrencyCode", "TaxExemptionReasonCode", "TaxLevelCode", "TaxTypeCode", "TransactionCurrencyTaxAmount"],
  Text: ["AccountingCost", "AdditionalInformation", "AllowanceChargeReason", "BuildingNumber", "BuyerReference", "CompanyLegalForm", "CountrySubentity", "DataSendingCapability", "Department", "Description", "District", "ElectronicMail", "ExemptionReason", "Floor", "InhouseMail", "InstructionNote", "InvoicingPartyReference", "Keyword", "MarkAttention", "MarkCare", "Note", "PaymentNote", "PlotIdentification", "PostalZone", "Postbox", "PriceChangeReason", "PriceType", "Region", "Room", "TaxExemptionReason", "Telefax", "Telephone", "TierRange", "TimezoneOffset"],
  Identifier: ["AdditionalAccountID", "CompanyID", "CustomerAssignedAccountID", "CustomizationID", "EndpointID", "ID", "InstructionID", "LogoReferenceID", "PaymentID", "PaymentMeansID", "PaymentTermsDetailsURI", "PrepaidPaymentReferenceID", "ProfileExecutionID", "ProfileID", "SupplierAssignedAccountID", "UBLVersionID", "UUID", "WebsiteURI"],
  Name: ["AdditionalStreetName", "AliasName", "BlockName", "BrandName", "BuildingName", "CityName", "CitySubdivisionName", "ModelName", "Name", "RegistrationName", "StreetName"],
  Amount: ["AllowanceTotalAmount", "Amount", "BaseAmount", "ChargeTotalAmount", "CorporateStockAmount", "LineExtensionAmount", "PayableAlternativeAmount", "PayableAmount", "PayableRoundingAmount", "PenaltyAmount", "PerUnitAmount", "PrepaidAmount", "PriceAmount", "RoundingAmount", "SettlementDiscountAmount", "TaxAmount", "TaxExclusiveAmount", "TaxInclusiveAmount", "TaxableAmount"],
  Quantity: ["BaseQuantity", "CreditedQuantity", "InvoicedQuantity", "PackQuantity"],
  Measure: ["BaseUnitMeasure", "DurationMeasure"],
  Numeric: ["CalculationSequenceNumeric", "LineCountNumeric", "MultiplierFactorNumeric", "PackSizeNumeric", "SequenceNumeric"],
  Indicator: ["CatalogueIndicator", "ChargeIndicator", "CopyIndicator", "FreeOfChargeIndicator", "FullyPaidSharesIndicator", "HazardousRiskIndicator", "MarkAttentionIndicator", "MarkCareIndicator", "PrepaidIndicator", "TaxEvidenceIndicator", "TaxIncludedIndicator"],
  Date: ["DueDate", "EndDate", "InstallmentDueDate", "IssueDate", "PaymentDueDate", "RegistrationDate", "RegistrationExpirationDate", "StartDate", "TaxPointDate"],
  Time: ["EndTime", "IssueTime", "StartTime"],
  Rate: ["OrderableUnitFactorRate"],
  Percent: ["PaymentPercent", "PenaltySurchargePercent", "Percent", "SettlementDiscountPercent", "TierRatePercent"],
}

/** CII D16B: the aggregate types checked (name: `Element` + occurrence + `:` + its type; `Lax` not checked). */
export const CII_TYPES: Record<string, string> = {
  ExchangedDocumentContext: "SpecifiedTransactionID?:Token TestIndicator?:Indicator BusinessProcessSpecifiedDocumentContextParameter*:DocumentContextParameter BIMSpecifiedDocumentContextParameter*:DocumentContextParameter ScenarioSpecifiedDocumentContextParameter*:DocumentContextParameter ApplicationSpecifiedDocumentContextParameter*:DocumentContextParameter GuidelineSpecifiedDocumentContextParameter*:DocumentContextParameter SubsetSpecifiedDocumentContextParameter*:DocumentContextParameter MessageStandardSpecifiedDocumentContextParameter?:DocumentContextParameter",
  DocumentContextParameter: "ID?:Token Value?:Text SpecifiedDocumentVersion?:Lax",
  ExchangedDocument: "ID:Token Name*:Text TypeCode?:Token IssueDateTime:DateTime CopyIndicator?:Indicator Purpose?:Text ControlRequirementIndicator?:Indicator LanguageID*:Token PurposeCode?:Token RevisionDateTime?:DateTime VersionID?:Token GlobalID?:Token RevisionID?:Token PreviousRevisionID?:Token CategoryCode?:Token IncludedNote*:Lax EffectiveSpecifiedPeriod?:Lax IssuerTradeParty?:TradeParty",
  SupplyChainTradeTransaction: "IncludedSupplyChainTradeLineItem*:SupplyChainTradeLineItem ApplicableHeaderTradeAgreement:HeaderTradeAgreement ApplicableHeaderTradeDelivery:HeaderTradeDelivery ApplicableHeaderTradeSettlement:HeaderTradeSettlement",
  HeaderTradeAgreement: "Reference*:Text BuyerReference?:Text SellerTradeParty?:TradeParty BuyerTradeParty?:TradeParty SalesAgentTradeParty?:TradeParty BuyerRequisitionerTradeParty*:TradeParty BuyerAssignedAccountantTradeParty?:TradeParty SellerAssignedAccountantTradeParty?:TradeParty BuyerTaxRepresentativeTradeParty?:TradeParty SellerTaxRepresentativeTradeParty?:TradeParty ProductEndUserTradeParty?:TradeParty ApplicableTradeDeliveryTerms?:Lax SellerOrderReferencedDocument?:Lax BuyerOrderReferencedDocument?:Lax QuotationReferencedDocument?:Lax OrderResponseReferencedDocument?:Lax ContractReferencedDocument?:Lax DemandForecastReferencedDocument?:Lax SupplyInstructionReferencedDocument?:Lax PromotionalDealReferencedDocument?:Lax PriceListReferencedDocument?:Lax AdditionalReferencedDocument*:Lax RequisitionerReferencedDocument*:Lax BuyerAgentTradeParty?:TradeParty PurchaseConditionsReferencedDocument*:Lax SpecifiedProcuringProject?:Lax UltimateCustomerOrderReferencedDocument*:Lax",
  HeaderTradeDelivery: "RelatedSupplyChainConsignment?:Lax ShipToTradeParty?:TradeParty UltimateShipToTradeParty?:TradeParty ShipFromTradeParty?:TradeParty ActualDespatchSupplyChainEvent?:Lax ActualPickUpSupplyChainEvent?:Lax ActualDeliverySupplyChainEvent?:Lax ActualReceiptSupplyChainEvent?:Lax AdditionalReferencedDocument*:Lax DespatchAdviceReferencedDocument?:Lax ReceivingAdviceReferencedDocument?:Lax DeliveryNoteReferencedDocument?:Lax ConsumptionReportReferencedDocument?:Lax PreviousDeliverySupplyChainEvent*:Lax PackingListReferencedDocument?:Lax",
  HeaderTradeSettlement: "DuePayableAmount*:Amount CreditorReferenceTypeCode*:Token CreditorReferenceType*:Text CreditorReferenceIssuerID*:Token CreditorReferenceID?:Token PaymentReference*:Text TaxCurrencyCode?:Token InvoiceCurrencyCode?:Token PaymentCurrencyCode?:Token InvoiceIssuerReference?:Text InvoiceDateTime?:DateTime NextInvoiceDateTime*:DateTime CreditReasonCode?:Token CreditReason*:Text InvoicerTradeParty?:TradeParty InvoiceeTradeParty?:TradeParty PayeeTradeParty?:TradeParty PayerTradeParty?:TradeParty TaxApplicableTradeCurrencyExchange?:Lax InvoiceApplicableTradeCurrencyExchange?:Lax PaymentApplicableTradeCurrencyExchange?:Lax SpecifiedTradeSettlementPaymentMeans*:Lax ApplicableTradeTax*:TradeTax BillingSpecifiedPeriod?:Lax SpecifiedTradeAllowanceCharge*:TradeAllowanceCharge SubtotalCalculatedTradeTax*:TradeTax SpecifiedLogisticsServiceCharge*:Lax SpecifiedTradePaymentTerms*:Lax SpecifiedTradeSettlementHeaderMonetarySummation?:TradeSettlementHeaderMonetarySummation SpecifiedFinancialAdjustment*:Lax InvoiceReferencedDocument?:Lax ProFormaInvoiceReferencedDocument?:Lax LetterOfCreditReferencedDocument?:Lax FactoringAgreementReferencedDocument*:Lax FactoringListReferencedDocument*:Lax PayableSpecifiedTradeAccountingAccount*:Lax ReceivableSpecifiedTradeAccountingAccount*:Lax PurchaseSpecifiedTradeAccountingAccount*:Lax SalesSpecifiedTradeAccountingAccount*:Lax SpecifiedTradeSettlementFinancialCard*:Lax SpecifiedAdvancePayment*:Lax UltimatePayeeTradeParty?:TradeParty",
  TradeSettlementHeaderMonetarySummation: "LineTotalAmount*:Amount ChargeTotalAmount*:Amount AllowanceTotalAmount*:Amount TaxBasisTotalAmount*:Amount TaxTotalAmount*:Amount RoundingAmount*:Amount GrandTotalAmount*:Amount InformationAmount*:Amount TotalPrepaidAmount*:Amount TotalDiscountAmount*:Amount TotalAllowanceChargeAmount*:Amount DuePayableAmount*:Amount RetailValueExcludingTaxInformationAmount*:Amount TotalDepositFeeInformationAmount*:Amount ProductValueExcludingTobaccoTaxInformationAmount*:Amount TotalRetailValueInformationAmount*:Amount GrossLineTotalAmount*:Amount NetLineTotalAmount*:Amount NetIncludingTaxesLineTotalAmount*:Amount",
  TradeTax: "CalculatedAmount*:Amount TypeCode?:Token ExemptionReason?:Text CalculatedRate?:Decimal CalculationSequenceNumeric?:Decimal BasisQuantity?:Quantity BasisAmount*:Amount UnitBasisAmount*:Amount LineTotalBasisAmount*:Amount AllowanceChargeBasisAmount*:Amount CategoryCode?:Token CurrencyCode?:Token Jurisdiction*:Text CustomsDutyIndicator?:Indicator ExemptionReasonCode?:Token TaxBasisAllowanceRate?:Decimal TaxPointDate?:Date Type?:Text InformationAmount*:Amount CategoryName*:Text DueDateTypeCode?:Token RateApplicablePercent?:Decimal SpecifiedTradeAccountingAccount*:Lax ServiceSupplyTradeCountry?:Lax BuyerRepayableTaxSpecifiedTradeAccountingAccount?:Lax SellerPayableTaxSpecifiedTradeAccountingAccount?:Lax SellerRefundableTaxSpecifiedTradeAccountingAccount?:Lax BuyerDeductibleTaxSpecifiedTradeAccountingAccount?:Lax BuyerNonDeductibleTaxSpecifiedTradeAccountingAccount?:Lax PlaceApplicableTradeLocation*:Lax",
  SupplyChainTradeLineItem: "DescriptionCode?:Token AssociatedDocumentLineDocument:Lax SpecifiedTradeProduct?:Lax SpecifiedLineTradeAgreement?:Lax SpecifiedLineTradeDelivery?:Lax SpecifiedLineTradeSettlement:LineTradeSettlement IncludedSubordinateTradeLineItem*:Lax",
  LineTradeSettlement: "PaymentReference*:Text InvoiceIssuerReference?:Text TotalAdjustmentAmount?:Amount DiscountIndicator?:Indicator ApplicableTradeTax*:TradeTax BillingSpecifiedPeriod?:Lax SpecifiedTradeAllowanceCharge*:TradeAllowanceCharge SubtotalCalculatedTradeTax*:TradeTax SpecifiedLogisticsServiceCharge*:Lax SpecifiedTradePaymentTerms*:Lax SpecifiedTradeSettlementLineMonetarySummation?:TradeSettlementLineMonetarySummation SpecifiedFinancialAdjustment*:Lax InvoiceReferencedDocument?:Lax AdditionalReferencedDocument*:Lax PayableSpecifiedTradeAccountingAccount*:Lax ReceivableSpecifiedTradeAccountingAccount*:Lax PurchaseSpecifiedTradeAccountingAccount*:Lax SalesSpecifiedTradeAccountingAccount*:Lax SpecifiedTradeSettlementFinancialCard?:Lax",
  TradeSettlementLineMonetarySummation: "LineTotalAmount*:Amount ChargeTotalAmount*:Amount AllowanceTotalAmount*:Amount TaxBasisTotalAmount*:Amount TaxTotalAmount*:Amount GrandTotalAmount*:Amount InformationAmount*:Amount TotalAllowanceChargeAmount*:Amount TotalRetailValueInformationAmount*:Amount GrossLineTotalAmount*:Amount NetLineTotalAmount*:Amount NetIncludingTaxesLineTotalAmount*:Amount ProductWeightLossInformationAmount*:Amount",
  TradeAllowanceCharge: "ChargeIndicator?:Indicator ID?:Token SequenceNumeric?:Decimal CalculationPercent?:Decimal BasisAmount?:Amount BasisQuantity?:Quantity PrepaidIndicator?:Indicator ActualAmount*:Amount UnitBasisAmount?:Amount ReasonCode?:Token Reason?:Text TypeCode?:Token CategoryTradeTax*:TradeTax ActualTradeCurrencyExchange?:Lax",
  TradeParty: "ID*:Token GlobalID*:Token Name?:Text RoleCode*:Token Description*:Text SpecifiedLegalOrganization?:Lax DefinedTradeContact*:Lax PostalTradeAddress?:Lax URIUniversalCommunication*:Lax SpecifiedTaxRegistration*:Lax EndPointURIUniversalCommunication?:Lax LogoAssociatedSpecifiedBinaryFile*:Lax",
}

/** ebInterface: per version (3p0 … 6p1), the root's sequence and attributes and the typed global elements. */
export interface EbInterfaceModel {
  /** Root attributes: `Name[?]:type`, `@` when the attribute is global (namespace-qualified in the file). */
  attributes: string
  root: string
  kinds: Record<string, readonly string[]>
  /** The decimal types' restriction: a pattern (3.0) or the fraction digits. */
  decimals: Record<string, { pattern?: string; fractionDigits?: string | null }>
  /**
   * Global elements whose content is checked element by element (a sequence of references to global elements, as
   * the root's); every other aggregate is lax. Since 4.1 the document references: a cancellation or related
   * document without its invoice number is refused there, as the official schema does.
   */
  aggregates?: Record<string, string>
}

/** ebInterface 4.1-5.0: CancelledOriginalDocumentType and RelatedDocumentType. */
const DOCUMENT_REFERENCES = {
  CancelledOriginalDocument: 'InvoiceNumber InvoiceDate DocumentType? Comment?',
  RelatedDocument: 'InvoiceNumber InvoiceDate? DocumentType? Comment?',
}
/** ebInterface 6.0-6.1: the same, a related document with an Extension at its end. */
const DOCUMENT_REFERENCES_6 = { ...DOCUMENT_REFERENCES, RelatedDocument: `${DOCUMENT_REFERENCES.RelatedDocument} Extension?` }

export const EBINTERFACE_MODELS: Record<string, EbInterfaceModel> = {
  '3p0': { attributes: "GeneratingSystem:xs:string@ CancelledOriginalDocument?:AlphaNumIDType@ DocumentType:DocumentTypeType@ InvoiceCurrency:CurrencyType@ ManualProcessing?:xs:boolean@ DocumentTitle?:xs:string@ Language?:LanguageType@", root: "dsig:Signature? InvoiceNumber InvoiceDate Delivery? Biller InvoiceRecipient OrderingParty? Details ReductionDetails? Tax TotalGrossAmount PaymentMethod? PaymentConditions? PresentationDetails? Custom*", kinds: {"Boolean": ["DiscountFlag", "SuppressZero"], "Date": ["Date", "DueDate", "FromDate", "InvoiceDate", "PaymentDate", "ReferenceDate", "ToDate"], "Decimal2": ["Amount", "BaseAmount", "LineItemAmount", "MinimumPayment", "TaxedAmount", "TotalGrossAmount"], "Decimal4": ["UnitPrice"], "PositiveInteger": ["Boxes", "PositionNumber"]}, decimals: {"Decimal2Type": {"pattern": "[\\-]?[0-9]{1,13}\\.[0-9]{0,2}"}, "Decimal4Type": {"pattern": "[\\-]?[0-9]{1,13}\\.[0-9]{0,4}"}} },
  '3p02': { attributes: "GeneratingSystem:xs:string@ CancelledOriginalDocument?:AlphaNumIDType@ DocumentType:DocumentTypeType@ InvoiceCurrency:CurrencyType@ ManualProcessing?:xs:boolean@ DocumentTitle?:xs:string@ Language?:LanguageType@", root: "dsig:Signature? InvoiceNumber InvoiceDate Delivery? Biller InvoiceRecipient OrderingParty? Details ReductionDetails? Tax TotalGrossAmount PaymentMethod? PaymentConditions? PresentationDetails? Custom*", kinds: {"Boolean": ["DiscountFlag", "SuppressZero"], "Date": ["Date", "DueDate", "FromDate", "InvoiceDate", "PaymentDate", "ReferenceDate", "ToDate"], "Decimal2": ["Amount", "BaseAmount", "LineItemAmount", "MinimumPayment", "TaxedAmount", "TotalGrossAmount"], "Decimal4": ["UnitPrice"], "PositiveInteger": ["Boxes", "PositionNumber"]}, decimals: {"Decimal2Type": {"fractionDigits": "2"}, "Decimal4Type": {"fractionDigits": "4"}} },
  '4p0': { attributes: "GeneratingSystem:xs:string@ CancelledOriginalDocument?:AlphaNumIDType@ DocumentType:DocumentTypeType@ InvoiceCurrency:CurrencyType@ ManualProcessing?:xs:boolean@ DocumentTitle?:xs:string@ Language?:LanguageType@", root: "dsig:Signature? InvoiceNumber InvoiceDate Delivery? Biller InvoiceRecipient OrderingParty? Details ReductionAndSurchargeDetails? Tax TotalGrossAmount PaymentMethod? PaymentConditions? PresentationDetails? ext:InvoiceRootExtension?", kinds: {"Boolean": ["DiscountFlag", "SuppressZero"], "Date": ["Date", "DueDate", "FromDate", "InvoiceDate", "PaymentDate", "ReferenceDate", "ToDate"], "Decimal2": ["Amount", "BaseAmount", "LineItemAmount", "MinimumPayment", "TaxedAmount", "TotalGrossAmount"], "Decimal4": ["UnitPrice"], "PositiveInteger": ["Boxes", "PositionNumber"]}, decimals: {"Decimal2Type": {"fractionDigits": "2"}, "Decimal4Type": {"fractionDigits": "4"}} },
  '4p1': { attributes: "GeneratingSystem:xs:string@ DocumentType:DocumentTypeType@ InvoiceCurrency:CurrencyType@ ManualProcessing?:xs:boolean@ DocumentTitle?:xs:string@ Language?:LanguageType@ IsDuplicate?:xs:boolean@", root: "dsig:Signature? InvoiceNumber InvoiceDate CancelledOriginalDocument? RelatedDocument* Delivery? Biller InvoiceRecipient OrderingParty? Details ReductionAndSurchargeDetails? Tax TotalGrossAmount PayableAmount PaymentMethod? PaymentConditions? PresentationDetails? Comment? ext:InvoiceRootExtension?", kinds: {"Boolean": ["DiscountFlag", "SuppressZero"], "Date": ["Date", "DebitCollectionDate", "DueDate", "FromDate", "InvoiceDate", "PaymentDate", "ReferenceDate", "ToDate"], "Decimal2": ["Amount", "BaseAmount", "LineItemAmount", "MinimumPayment", "PayableAmount", "TaxedAmount", "TotalGrossAmount"], "PositiveInteger": ["Boxes", "PositionNumber"]}, decimals: {"Decimal2Type": {"fractionDigits": "2"}, "Decimal4Type": {"fractionDigits": "4"}}, aggregates: DOCUMENT_REFERENCES },
  '4p2': { attributes: "GeneratingSystem:xs:string@ DocumentType:DocumentTypeType@ InvoiceCurrency:CurrencyType@ ManualProcessing?:xs:boolean@ DocumentTitle?:xs:string@ Language?:LanguageType@ IsDuplicate?:xs:boolean@", root: "dsig:Signature? InvoiceNumber InvoiceDate CancelledOriginalDocument? RelatedDocument* Delivery? Biller InvoiceRecipient OrderingParty? Details ReductionAndSurchargeDetails? Tax TotalGrossAmount PayableAmount PaymentMethod? PaymentConditions? PresentationDetails? Comment? ext:InvoiceRootExtension?", kinds: {"Boolean": ["DiscountFlag", "SuppressZero"], "Date": ["Date", "DebitCollectionDate", "DueDate", "FromDate", "InvoiceDate", "PaymentDate", "ReferenceDate", "ToDate"], "Decimal2": ["Amount", "BaseAmount", "LineItemAmount", "MinimumPayment", "PayableAmount", "TaxedAmount", "TotalGrossAmount"], "PositiveInteger": ["Boxes", "PositionNumber"]}, decimals: {"Decimal2Type": {"fractionDigits": "2"}, "Decimal4Type": {"fractionDigits": "4"}}, aggregates: DOCUMENT_REFERENCES },
  '4p3': { attributes: "GeneratingSystem:xs:string@ DocumentType:DocumentTypeType@ InvoiceCurrency:CurrencyType@ ManualProcessing?:xs:boolean@ DocumentTitle?:xs:string@ Language?:LanguageType@ IsDuplicate?:xs:boolean@", root: "dsig:Signature? InvoiceNumber InvoiceDate CancelledOriginalDocument? RelatedDocument* Delivery? Biller InvoiceRecipient OrderingParty? Details ReductionAndSurchargeDetails? Tax TotalGrossAmount PayableAmount PaymentMethod? PaymentConditions? PresentationDetails? Comment? ext:InvoiceRootExtension?", kinds: {"Boolean": ["DiscountFlag", "SuppressZero"], "Date": ["Date", "DebitCollectionDate", "DueDate", "FromDate", "InvoiceDate", "PaymentDate", "ReferenceDate", "ToDate"], "Decimal2": ["Amount", "BaseAmount", "LineItemAmount", "MinimumPayment", "PayableAmount", "TaxedAmount", "TotalGrossAmount"], "PositiveInteger": ["Boxes", "PositionNumber"]}, decimals: {"Decimal2Type": {"fractionDigits": "2"}, "Decimal4Type": {"fractionDigits": "4"}}, aggregates: DOCUMENT_REFERENCES },
  '5p0': { attributes: "GeneratingSystem:xs:string DocumentType:DocumentTypeType InvoiceCurrency:CurrencyType ManualProcessing?:xs:boolean DocumentTitle?:xs:string Language?:LanguageType IsDuplicate?:xs:boolean", root: "InvoiceNumber InvoiceDate CancelledOriginalDocument? RelatedDocument* AdditionalInformation* Delivery? Biller InvoiceRecipient OrderingParty? Details ReductionAndSurchargeDetails? Tax TotalGrossAmount PrepaidAmount? RoundingAmount? PayableAmount PaymentMethod? PaymentConditions? Comment?", kinds: {"Date": ["Date", "DebitCollectionDate", "DueDate", "FromDate", "InvoiceDate", "PaymentDate", "ReferenceDate", "ToDate"], "Decimal2": ["Amount", "BaseAmount", "LineItemAmount", "MinimumPayment", "PayableAmount", "PrepaidAmount", "RoundingAmount", "TaxAmount", "TaxableAmount", "TotalGrossAmount"], "PositiveInteger": ["PositionNumber"]}, decimals: {"Decimal2Type": {"fractionDigits": "2"}, "Decimal4Type": {"fractionDigits": "4"}}, aggregates: DOCUMENT_REFERENCES },
  '6p0': { attributes: "GeneratingSystem:xs:string DocumentType:DocumentTypeType InvoiceCurrency:CurrencyType ManualProcessing?:xs:boolean DocumentTitle?:xs:string Language?:LanguageType IsDuplicate?:xs:boolean", root: "InvoiceNumber InvoiceDate CancelledOriginalDocument? RelatedDocument* AdditionalInformation* CurrencyExchangeInformation? Delivery? Biller InvoiceRecipient OrderingParty? Details ReductionAndSurchargeDetails? Tax TotalGrossAmount PrepaidAmount? RoundingAmount? PayableAmount PaymentMethod? PaymentConditions? Comment? Extension?", kinds: {"Date": ["Date", "DebitCollectionDate", "DueDate", "ExchangeRateDate", "FromDate", "InvoiceDate", "PaymentDate", "ReferenceDate", "ToDate"], "Decimal2": ["Amount", "BaseAmount", "LineItemAmount", "MinimumPayment", "PayableAmount", "Percentage", "PrepaidAmount", "RoundingAmount", "TaxAmount", "TaxableAmount", "TotalGrossAmount"], "PositiveInteger": ["PositionNumber"]}, decimals: {"Decimal2Type": {"fractionDigits": "2"}, "Decimal4Type": {"fractionDigits": "4"}}, aggregates: DOCUMENT_REFERENCES_6 },
  '6p1': { attributes: "GeneratingSystem:xs:string DocumentType:DocumentTypeType InvoiceCurrency:CurrencyType ManualProcessing?:xs:boolean DocumentTitle?:xs:string Language?:LanguageType IsDuplicate?:xs:boolean", root: "InvoiceNumber InvoiceDate CancelledOriginalDocument? RelatedDocument* AdditionalInformation* CurrencyExchangeInformation? Delivery? Biller InvoiceRecipient OrderingParty? Details ReductionAndSurchargeDetails? Tax TotalGrossAmount PrepaidAmount? RoundingAmount? PayableAmount PaymentMethod? PaymentConditions? Comment? Extension?", kinds: {"Date": ["Date", "DebitCollectionDate", "DueDate", "ExchangeRateDate", "FromDate", "InvoiceDate", "PaymentDate", "ReferenceDate", "ToDate"], "Decimal2": ["Amount", "BaseAmount", "LineItemAmount", "MinimumPayment", "PayableAmount", "Percentage", "PrepaidAmount", "RoundingAmount", "TaxAmount", "TaxableAmount", "TotalGrossAmount"], "PositiveInteger": ["PositionNumber"]}, decimals: {"Decimal2Type": {"fractionDigits": "2"}, "Decimal4Type": {"fractionDigits": "4"}}, aggregates: DOCUMENT_REFERENCES_6 },
}
