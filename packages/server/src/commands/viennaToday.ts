// The Austrian calendar day lives in the SDK (web and server count ageing and deadlines the same way); kept here for
// the server code that imports it from commands/.
export { viennaToday } from '@portal/sdk/domain'
