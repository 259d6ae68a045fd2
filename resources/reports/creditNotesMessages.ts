/** Wording of the Reports page's credit_notes tab (issue 38), as `app.reports.credit_notes.*`. */
export const credit_notesMessages = {
  soon: 'Coming soon.',
};
