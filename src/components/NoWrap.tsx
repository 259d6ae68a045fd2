/** Text kept on one line in a table cell: dates such as '22-11-2026' or '5, Mar 2025' break otherwise. */
export function NoWrap({ children }: { children: string }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;
}
