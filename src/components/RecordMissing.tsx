import { Alert, Box } from '@mui/material';

/** Shown by edit and view screens whose record cannot be loaded (unknown id, no access). */
export function RecordMissing({ message }: { message?: string }) {
  return (
    <Box sx={{ mt: 2 }}>
      <Alert severity="warning">{message || 'This record could not be found.'}</Alert>
    </Box>
  );
}
