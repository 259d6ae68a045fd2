import { useEffect, useRef } from 'react';
import { useListContext, useNotify } from 'react-admin';
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

export function useGoToPage() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (page: number, options?: { replace?: boolean; keepSearch?: boolean }) =>
    navigate(pathForPage(pathname, options?.keepSearch === false ? '' : search, page), {
      replace: options?.replace,
    });
}

/**
 * Keeps the list controller's page and the page in the path in step: the path drives the list
 * (links, reloads, back button), and when the controller resets the page itself (sorting,
 * searching) the path follows.
 */
export function PathPageSync({ page }: { page: number }) {
  const { page: listPage, setPage } = useListContext();
  const goTo = useGoToPage();
  const last = useRef({ page, listPage });
  useEffect(() => {
    const prev = last.current;
    last.current = { page, listPage };
    if (page === listPage) return;
    if (page !== prev.page) setPage(page);
    else if (listPage !== prev.listPage) goTo(listPage, { replace: true });
  });
  return null;
}

/** A page below 1 (or not a number) goes back to page 1 with the spec's message. */
export function useRejectBadPage(page: number, onReset?: () => void) {
  const notify = useNotify();
  const goTo = useGoToPage();
  const bad = !(Number.isInteger(page) && page >= 1);
  useEffect(() => {
    if (!bad) return;
    notify('app.list.page_below_one', { type: 'error' });
    onReset?.();
    goTo(1, { replace: true, keepSearch: false });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bad]);
  return bad;
}
