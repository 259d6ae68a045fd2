/**
 * The business runs in India: the panel, the PDFs and the public pages show every date and time
 * in India time (UTC+05:30 all year), whatever the zone of the browser or the server.
 */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';
