import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { useCanAccess } from 'react-admin';
import { Link } from 'react-router-dom';

/** 'Add' for admins allowed to create records of the resource. */
export function AddButton({
  resource,
  to,
  label = 'Add',
}: {
  resource: string;
  to: string;
  label?: string;
}) {
  const { canAccess } = useCanAccess({ resource, action: 'create' });
  if (!canAccess) return null;
  return (
    <Button component={Link} to={to} variant="contained" startIcon={<AddIcon />}>
      {label}
    </Button>
  );
}
