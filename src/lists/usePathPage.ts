import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { useLocation, useNavigate, useParams } from 'react-router-dom';

/** The path of the same list at another page: the page is the last segment of every list route. */
export function pathForPage(pathname: string, search: string, page: number): string {
  const base = pathname.replace(/\/[^/]*$/, '');
  return `${base}/${page}${search}`;
}

/** The page in the route (`.../:page`), NaN when it is not a number. */
export function usePageParam(): number {
  const { page } = useParams();
  return page === undefined ? 1 : Number(page);
}

/**
 * A page below 1 (or not a number) goes back to page 1 of the list as it first opens (no
 * search or filters), with the spec's message.
 */
export function useRejectBadPage(page: number) {
  const notify = useNotify();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const bad = !(Number.isInteger(page) && page >= 1);
  useEffect(() => {
    if (!bad) return;
    notify('app.list.page_below_one', { type: 'error' });
    navigate(pathForPage(pathname, '', 1), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bad]);
  return bad;
}
