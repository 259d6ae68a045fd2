/** Table cells with less side padding on phones, so the tables fit a 375px screen. */
export const COMPACT_ON_PHONES = { '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } };
