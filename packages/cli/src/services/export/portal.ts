// The signed-in call helper is shared by every verb (session/with-portal); this name stays for the verbs that import it.
export { withPortal as withExportPortal } from '../session/with-portal'
