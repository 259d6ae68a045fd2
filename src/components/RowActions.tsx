import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { IconButton, Stack, Tooltip } from '@mui/material';
import { useCanAccess, useRecordContext, useResourceContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { ConfirmDeleteButton } from './ConfirmDeleteButton';

/**
 * View, edit and delete buttons of a row: edit only for admins allowed to edit the resource,
 * delete (after a confirmation) when `deleteFailure` names its failure message. On a phone the
 * line opens the record, so its buttons leave out `viewPath`.
 */
export function RowActions({
  viewPath,
  editPath,
  deleteFailure,
}: {
  viewPath?: string;
  editPath?: string;
  deleteFailure?: string;
}) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const { canAccess: canEdit } = useCanAccess({ resource, action: 'edit' });
  if (!record) return null;
  const name = record.name ?? record.title ?? '';
  return (
    <Stack direction="row" spacing={0.5} alignItems="center">
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
      {deleteFailure && <ConfirmDeleteButton failureMessage={deleteFailure} />}
    </Stack>
  );
}
