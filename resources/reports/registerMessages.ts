/** Wording of the Reports page's register tab (issue 38), as `app.reports.register.*`. */
export const registerMessages = {
  title: 'Sales register',
  explained:
    'Every tax invoice and credit or debit note issued on these days, a line each by date with its number, order, buyer and GSTIN, place of supply, taxable value, CGST, SGST, IGST and total (credit notes negative).',
  download: 'Download CSV',
  preparing: 'Preparing…',
  preparing_size: 'Preparing… %{size}',
  download_stopped: 'The download stopped before the end: %{reason}',
  download_failed: 'The sales register could not be downloaded.',
};
