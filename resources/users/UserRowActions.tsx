import { Stack } from '@mui/material';
import { RecordContextProvider, useRecordContext } from 'react-admin';
import { RowActions } from '@/components/RowActions';
import { fullName } from '@/names';
import { StatusButton } from './StatusButton';

/**
 * The row buttons of the user lists; they name the user by full name. `view={false}` on a
 * phone, whose line opens the user itself.
 */
export function UserRowActions({
  view = true,
  edit = false,
  status = false,
}: {
  view?: boolean;
  edit?: boolean;
  status?: boolean;
}) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <RecordContextProvider value={{ ...record, name: fullName(record) }}>
      <Stack direction="row" spacing={0.5} alignItems="center">
        <RowActions
          viewPath={view ? '/user/view' : undefined}
          editPath={edit ? '/user/edit' : undefined}
        />
        {status && <StatusButton />}
      </Stack>
    </RecordContextProvider>
  );
}
