// The statement writer lives with the server's banking code (the demo seed imports statements it writes).
export { camtStatement, type CamtEntry } from '../../packages/server/src/banking/camt053-write'
