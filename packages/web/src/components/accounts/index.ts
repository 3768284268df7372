// Supplier and customer accounts, reusable outside their screen (the booking panel opens NewAccountDialog).
export { AccountDialog, NewAccountDialog, type AccountDialogProps, type NewAccountDialogProps } from './AccountDialog'
export { AccountFormFields } from './AccountFormFields'
export { useAccountChoices, type AccountChoices } from './useAccountChoices'
