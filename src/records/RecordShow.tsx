import EditIcon from '@mui/icons-material/Edit';
import { Button } from '@mui/material';
import type { ReactNode } from 'react';
import {
  ShowBase,
  useCanAccess,
  useRecordContext,
  useShowContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { RecordCard, RecordLoadState } from './RecordCard';

export interface RecordShowProps {
  resource: string;
  /** The page title (an i18n key). */
  title: string;
  /** The card's heading, from the record (a name); the title when absent. */
  heading?: (record: RaRecord) => ReactNode;
  /** The Edit button's route, shown to admins who may edit. */
  editTo?: (record: RaRecord) => string;
  /** The record id; by default the route's `:id`. */
  id?: string;
  maxWidth?: number | 'none';
  /** The fields, inside the card. */
  children: ReactNode;
  /** What follows the card (a category's products and accessories). */
  after?: (record: RaRecord) => ReactNode;
}

/**
 * A view screen on react-admin's ShowBase: loads the record by id, shows 'Loading ...' or why
 * it is missing, then the title, a card with the heading and an Edit button, and the fields
 * (react-admin fields read the record from the context).
 */
export function RecordShow({ resource, id, ...frame }: RecordShowProps) {
  // Asked outside ShowBase: inside, the record context would make it a second, later question.
  const { canAccess: canEdit } = useCanAccess({
    resource,
    action: 'edit',
    enabled: Boolean(frame.editTo),
  });
  return (
    <RecordShowBase resource={resource} id={id}>
      <ShowFrame {...frame} canEdit={Boolean(canEdit)} />
    </RecordShowBase>
  );
}

function ShowFrame({
  canEdit,
  title,
  heading,
  editTo,
  maxWidth,
  children,
  after,
}: Omit<RecordShowProps, 'id' | 'resource'> & { canEdit: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext()!;
  return (
    <>
      <RecordCard
        title={translate(title)}
        heading={heading ? heading(record) : translate(title)}
        maxWidth={maxWidth}
        content
        actions={editTo && canEdit && <EditLinkButton to={editTo(record)} />}
      >
        {children}
      </RecordCard>
      {after?.(record)}
    </>
  );
}

/** The Edit button of a view screen, to the record's edit route. */
export function EditLinkButton({ to }: { to: string }) {
  return (
    <Button component={Link} to={to} startIcon={<EditIcon />} variant="outlined">
      Edit
    </Button>
  );
}

/**
 * ShowBase with the loading and not-found states, for a view screen with its own layout (a
 * customer, an order, a ticket): its children read the record with `useRecordContext()`.
 */
export function RecordShowBase({
  resource,
  id,
  missingMessage,
  children,
}: {
  resource: string;
  id?: string;
  /** What to say when the record cannot be loaded; the server's reason by default. */
  missingMessage?: string;
  children: ReactNode;
}) {
  const params = useParams();
  return (
    <ShowBase
      resource={resource}
      id={id ?? params.id}
      // A missing record is said on the screen (RecordLoadState), not in a toast and a redirect.
      queryOptions={{ onError: () => undefined }}
      redirectOnError={false}
    >
      <ShowLoadState missingMessage={missingMessage}>{children}</ShowLoadState>
    </ShowBase>
  );
}

function ShowLoadState({
  missingMessage,
  children,
}: {
  missingMessage?: string;
  children: ReactNode;
}) {
  const { isPending, error, record } = useShowContext();
  return (
    <RecordLoadState
      isPending={isPending}
      error={error}
      found={Boolean(record)}
      missingMessage={missingMessage}
    >
      {children}
    </RecordLoadState>
  );
}
