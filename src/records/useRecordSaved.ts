import { useNavigate } from 'react-router-dom';
import type { RaRecord } from 'react-admin';
import { useWriteCallbacks } from '../actions/useWriteCallbacks';
import type { FailureOptions } from '../actions/useWriteFeedback';

/** Back one step when the panel has history, else to the given list. */
export function goBack(navigate: ReturnType<typeof useNavigate>, fallbackPath: string) {
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if (idx > 0) navigate(-1);
  else navigate(fallbackPath, { replace: true });
}

/** The mutation callbacks of a record form (RecordEdit, RecordCreate): saved, then back. */
export function useRecordSaved(
  resource: string,
  opts: FailureOptions & { backTo: string | ((record: RaRecord) => string) },
) {
  const navigate = useNavigate();
  const { backTo, ...failure } = opts;
  return useWriteCallbacks({
    resource,
    ...failure,
    onSuccess: (record) => goBack(navigate, typeof backTo === 'function' ? backTo(record) : backTo),
  });
}
