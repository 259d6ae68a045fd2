// GSTR-1's tables (issue 38), as the GST portal's offline tool names them: the JSON's keys in
// the order it writes them, and the CSV files (one per table). Plain TypeScript, shared by the
// server (server/modules/gst) and the panel's GSTR-1 tab.

/** The tables of the return, in the order the JSON writes them; each also a CSV file. */
export const GSTR1_TABLES = [
  'b2b',
  'b2cl',
  'b2cs',
  'cdnr',
  'cdnur',
  'hsn_b2b',
  'hsn_b2c',
  'doc_issue',
] as const;
export type Gstr1Table = (typeof GSTR1_TABLES)[number];
