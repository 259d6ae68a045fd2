/** Wording of the assigningJobs screens (spec 001), merged into the catalogue as `app.assigningJobs.*`. */
export const messages = {
  title: 'Assigning Jobs: %{service}',
  title_loading: 'Assigning Jobs',
  pincode: 'Pin Code',
  all_pincodes: 'All pin codes',
  all_open: 'All open',
  slot: 'Slot',
  download_pdf: 'Download PDF',
  preparing: 'Preparing PDF…',
  preparing_size: 'Preparing PDF… %{size}',
  download_failed: 'Failed to download the PDF. Please try again.',
  download_stopped: 'Failed to download the PDF. %{reason}',
  unknown_service: 'This service does not exist. Choose a service in the menu.',
};
