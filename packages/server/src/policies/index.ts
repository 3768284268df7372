// The policy module: every authorization decision of the server is made here (DESIGN.md).
export { authorize, authorizeMethod } from './decide'
export { companiesOf, hasCompany } from './companies'
export { forbidden, notAuthenticated, badRequest, policyErrorKeys } from './errors'
export { hiddenDocumentKinds } from './documents'
