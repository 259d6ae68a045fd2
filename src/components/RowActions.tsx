import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { IconButton, Stack, Tooltip } from '@mui/material';
import { useCanAccess, useRecordContext, useResourceContext } from 'react-admin';
import { Link } from 'react-router-dom';

/** View and edit buttons of a row; edit only for admins allowed to edit the resource. */
export function RowActions({ viewPath, editPath }: { viewPath?: string; editPath?: string }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const { canAccess: canEdit } = useCanAccess({ resource, action: 'edit' });
  if (!record) return null;
  const name = record.name ?? record.title ?? '';
  return (
    <Stack direction="row" spacing={0.5}>
      {viewPath && (
        <Tooltip title="View">
          <IconButton
            component={Link}
            to={`${viewPath}/${record.id}`}
            aria-label={`View ${name}`}
            size="small"
          >
            <VisibilityIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {editPath && canEdit && (
        <Tooltip title="Edit">
          <IconButton
            component={Link}
            to={`${editPath}/${record.id}`}
            aria-label={`Edit ${name}`}
            size="small"
          >
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}
