/** Wording of the assigningJobs screens (spec 001), merged into the catalogue as `app.assigningJobs.*`. */
export const messages = {
  title: 'Assigning Jobs: %{service}',
  title_loading: 'Assigning Jobs',
  pincode: 'Pin Code',
  all_pincodes: 'All pin codes',
  download_pdf: 'Download PDF',
  downloading: 'Downloading ...',
  download_failed: 'Failed to download the PDF. Please try again.',
  empty_pdf: 'The server sent no PDF. Please try again.',
  unknown_service: 'This service does not exist. Choose a service in the menu.',
};
