import { Box, Button, List, ListItem, ListItemText, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import {
  ListBase,
  useCanAccess,
  useCreate,
  useListContext,
  useNotify,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { formatDateTime } from '@/format';
import { TabList } from '@/lists/TabList';

/** The server's limit of a note (user/add-note). */
export const NOTE_MAX = 1000;

/**
 * The customer view's Notes tab (issue 37): the internal notes, newest first and paged
 * (GET user/notes/{id}), each with its author and time, and a box to add one for admins who
 * edit customers.
 */
export function CustomerNotes({ userId }: { userId: string }) {
  const translate = useTranslate();
  const { canAccess: canWrite } = useCanAccess({ resource: 'users', action: 'edit' });
  return (
    <ListBase
      resource="customerNotes"
      filter={{ userId }}
      perPage={10}
      disableSyncWithLocation
      storeKey={false}
    >
      {canWrite && <AddNote userId={userId} />}
      <TabList emptyText={translate('app.users.notes_none')}>
        <NoteItems />
      </TabList>
    </ListBase>
  );
}

function AddNote({ userId }: { userId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { refetch } = useListContext();
  const [body, setBody] = useState('');
  const [create, { isPending }] = useCreate();
  const text = body.trim();
  const tooLong = text.length > NOTE_MAX;
  const save = () =>
    create(
      'customerNotes',
      { data: { userId, body: text } },
      {
        onSuccess: () => {
          setBody('');
          notify('app.users.note_added', { type: 'success' });
          void refetch();
        },
        onError: (error) =>
          notify((error as Error)?.message || 'app.users.note_failed', { type: 'error' }),
      },
    );
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (text && !tooLong && !isPending) save();
      }}
      sx={{ mb: 2 }}
    >
      <TextField
        label={translate('app.users.note_label')}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        multiline
        minRows={2}
        fullWidth
        error={tooLong}
        helperText={
          tooLong
            ? translate('app.users.note_too_long', { max: NOTE_MAX })
            : translate('app.users.note_help')
        }
      />
      <Stack direction="row" justifyContent="flex-end" sx={{ mt: 1 }}>
        <Button type="submit" variant="contained" disabled={!text || tooLong || isPending}>
          {translate(isPending ? 'app.users.note_adding' : 'app.users.note_add')}
        </Button>
      </Stack>
    </Box>
  );
}

function NoteItems() {
  const translate = useTranslate();
  const { data = [] } = useListContext<RaRecord>();
  return (
    <List dense disablePadding aria-label={translate('app.users.notes_tab')}>
      {data.map((note) => (
        <ListItem key={note.id} divider disableGutters alignItems="flex-start">
          <ListItemText
            primary={note.body}
            secondary={translate('app.users.note_by', {
              name: note.adminName,
              time: formatDateTime(note.createdAt),
            })}
            slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
