import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Back one step, as the spec's screens do; a screen opened directly (a shared link, a reload:
 * the router's first entry) has nothing of ours behind it, so it goes to `fallback` instead.
 */
export function useGoBack(fallback: string) {
  const navigate = useNavigate();
  const { key } = useLocation();
  return () => (key === 'default' ? navigate(fallback) : navigate(-1));
}
