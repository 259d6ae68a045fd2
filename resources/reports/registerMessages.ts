/** Wording of the Reports page's register tab (issue 38), as `app.reports.register.*`. */
export const registerMessages = {
  soon: 'Coming soon.',
};
