/** Wording of the Reports page's gstr1 tab (issue 38), as `app.reports.gstr1.*`. */
export const gstr1Messages = {
  soon: 'Coming soon.',
};
