/** Wording of the Reports page's sales tab (issue 38), as `app.reports.sales.*`. */
export const salesMessages = {
  soon: 'Coming soon.',
};
