import { Box } from '@mui/material';
import { useState, type ReactElement, type ReactNode } from 'react';
import { BulkActionsToolbar, Button, Confirm, type Identifier } from 'react-admin';
import type { ActionResult } from '../providers/actions';
import type { BaseDataProvider } from '../providers/dataProvider';
import { useBulkAction, type BulkActionOptions } from './useBulkAction';

/**
 * react-admin's bulk actions toolbar ('3 orders selected' and the buttons), laid in the card
 * above the table. react-admin slides it over the space above the table, which the box that
 * scrolls a wide table sideways (PathPagedList) would cut off. Without 'Select all': it would
 * reload the list without the named list call (Fresh Orders) and ignore unselectable rows.
 */
function BulkToolbar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        '& .RaBulkActionsToolbar-toolbar:not(.RaBulkActionsToolbar-collapsed)': {
          position: 'relative',
          transform: 'none',
          borderRadius: 0,
        },
        // Folded away, its buttons are out of the tab order and of what screen readers read.
        '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' },
      }}
    >
      <BulkActionsToolbar label={label} selectAllButton={false}>
        {children}
      </BulkActionsToolbar>
    </Box>
  );
}

/**
 * The Datagrid props of a list with bulk actions: row checkboxes and the toolbar holding
 * `buttons` when the admin may use them (`false`: neither), `label` naming the selection
 * ('%{smart_count} orders selected').
 */
export function bulkActionProps(buttons: ReactElement | false | undefined, label: string) {
  if (!buttons) return { bulkActionButtons: false } as const;
  return {
    bulkActionButtons: buttons,
    bulkActionsToolbar: <BulkToolbar label={label}>{buttons}</BulkToolbar>,
  };
}

interface BulkConfirmButtonProps<Provider extends BaseDataProvider> extends BulkActionOptions {
  /** The button's label (an i18n key). */
  label: string;
  icon: ReactElement;
  /** The question naming how many (an i18n key with `smart_count`): 'Approve 3 requests?'. */
  confirmTitle: string;
  confirmContent: string;
  run: (dataProvider: Provider, ids: Identifier[]) => Promise<ActionResult<unknown>>;
}

/** A bulk action without a choice (Approve, Block): asks, naming the count, then runs. */
export function BulkConfirmButton<Provider extends BaseDataProvider>({
  label,
  icon,
  confirmTitle,
  confirmContent,
  run,
  ...options
}: BulkConfirmButtonProps<Provider>) {
  const [asking, setAsking] = useState(false);
  const { count, apply, busy } = useBulkAction<Provider, void>(run, options);
  return (
    <>
      <Button label={label} onClick={() => setAsking(true)} disabled={busy}>
        {icon}
      </Button>
      <Confirm
        isOpen={asking}
        loading={busy}
        title={confirmTitle}
        titleTranslateOptions={{ smart_count: count }}
        content={confirmContent}
        contentTranslateOptions={{ smart_count: count }}
        confirm={label}
        onConfirm={async () => {
          await apply();
          setAsking(false);
        }}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
