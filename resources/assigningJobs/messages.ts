/** Wording of the assigningJobs screens (spec 001), merged into the catalogue as `app.assigningJobs.*`. */
export const messages = {};
