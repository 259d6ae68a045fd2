/** Wording of the dashboard (spec 001), merged into the catalogue as `app.dashboard.*`. */
export const messages = {};
