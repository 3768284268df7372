/** Pending work of a company; null where the user lacks the permission or the service is not there. */
export interface Counts {
    /** Incoming invoices (ER_U) to process: the web's invoice badge. */
    invoices: number | null;
    /** Editor documents to process: the web's editor badge. */
    editor: number | null;
}
