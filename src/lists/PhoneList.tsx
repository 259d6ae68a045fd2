import {
  Box,
  Checkbox,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  Typography,
  useMediaQuery,
  type SxProps,
  type Theme,
} from '@mui/material';
import type { ReactNode } from 'react';
import {
  RecordContextProvider,
  SortButton,
  useListContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Link } from 'react-router-dom';

/** True on a phone-sized screen, where a list shows its PhoneList instead of its table. */
export function useIsPhone() {
  return useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
}

/** What bulkActionProps() returns, as both the table and the phone list take it. */
export type PhoneBulkProps = Pick<PhoneListProps, 'bulkActionButtons' | 'bulkActionsToolbar'>;

export interface PhoneListProps {
  /** The record's name for screen readers: 'Select Asha Rao'. */
  name: (record: RaRecord) => string;
  /** The line's first words, in bold; the name by default. */
  primary?: (record: RaRecord) => ReactNode;
  /** On the right of the first words: a status chip. */
  badge?: (record: RaRecord) => ReactNode;
  /** The lines under the first words; empty ones (false, '', null) are left out. */
  lines?: (record: RaRecord) => ReactNode[];
  /** Before the words: a picture (ThumbnailField), rendered in the record's context. */
  avatar?: ReactNode;
  /** Where tapping the line goes (the record's view); none (or undefined), the line is not a link. */
  to?: (record: RaRecord) => string | undefined;
  /** Buttons beside the line (edit, status), rendered in the record's context. */
  actions?: ReactNode;
  /** bulkActionProps(), as the table takes it: with buttons, each line has a checkbox. */
  bulkActionButtons?: ReactNode;
  bulkActionsToolbar?: ReactNode;
  isRowSelectable?: (record: RaRecord) => boolean;
  /** The fields of the sort menu; none, no menu. */
  sortFields?: string[];
  /** Whose `resources.<name>.fields` name the sort menu's fields; the list's by default. */
  sortResource?: string;
}

/**
 * A list's records on a phone, where its table would run off the screen: one line each,
 * opening the record, with what the table's row offered kept beside the line rather than
 * inside its link (a checkbox for the bulk actions, the row's buttons), 'Select all' and the
 * table's sorts in react-admin's sort menu. react-admin's SimpleList puts everything inside
 * the link, so it serves lists whose rows have nothing else (riders).
 */
export function PhoneList({
  name,
  primary = name,
  badge,
  lines,
  avatar,
  to,
  actions,
  bulkActionButtons,
  bulkActionsToolbar,
  isRowSelectable = () => true,
  sortFields = [],
  sortResource,
}: PhoneListProps) {
  const { data = [], selectedIds, onToggleItem, onSelect } = useListContext();
  const translate = useTranslate();
  const selectable = Boolean(bulkActionButtons);
  const pageIds = data.filter(isRowSelectable).map((r) => r.id);
  const selectedOnPage = pageIds.filter((id) => selectedIds.includes(id)).length;
  const hasTop = (selectable && pageIds.length > 0) || sortFields.length > 0;
  return (
    <Box>
      {selectable && bulkActionsToolbar}
      {hasTop && (
        <Stack
          direction="row"
          alignItems="center"
          justifyContent="space-between"
          sx={{ px: 1, minHeight: 48, borderBottom: 1, borderColor: 'divider' }}
        >
          {selectable && pageIds.length > 0 ? (
            <Checkbox
              checked={selectedOnPage === pageIds.length}
              indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
              onChange={(e) =>
                onSelect(
                  e.target.checked
                    ? [...new Set([...selectedIds, ...pageIds])]
                    : selectedIds.filter((id) => !pageIds.includes(id)),
                )
              }
              slotProps={{ input: { 'aria-label': translate('ra.action.select_all') } }}
            />
          ) : (
            <span />
          )}
          {sortFields.length > 0 && <SortButton fields={sortFields} resource={sortResource} />}
        </Stack>
      )}
      <List disablePadding>
        {data.map((record) => (
          <RecordContextProvider value={record} key={record.id}>
            <ListItem divider disablePadding>
              {selectable && (
                <Checkbox
                  sx={{ ml: 1 }}
                  disabled={!isRowSelectable(record)}
                  checked={selectedIds.includes(record.id)}
                  onChange={() => onToggleItem(record.id)}
                  slotProps={{
                    input: {
                      'aria-label': translate('app.list.select', { name: name(record) }),
                    },
                  }}
                />
              )}
              <Line
                to={to?.(record)}
                sx={{ pl: selectable ? 0.5 : 2, overflowWrap: 'anywhere', gap: 2 }}
              >
                {avatar}
                <ListItemText
                  disableTypography
                  primary={
                    <Stack
                      direction="row"
                      alignItems="center"
                      justifyContent="space-between"
                      gap={1}
                    >
                      <Typography variant="body1" component="span" sx={{ fontWeight: 500 }}>
                        {primary(record)}
                      </Typography>
                      {badge?.(record)}
                    </Stack>
                  }
                  secondary={
                    <Typography variant="body2" color="text.secondary" component="div">
                      {(lines?.(record) ?? [])
                        .filter((line) => line === 0 || Boolean(line))
                        .map((line, i) => (
                          <div key={i}>{line}</div>
                        ))}
                    </Typography>
                  }
                />
              </Line>
              {/* Beside the link, not over it: as wide as its buttons, however many. */}
              {actions && <Box sx={{ flexShrink: 0, pr: 1 }}>{actions}</Box>}
            </ListItem>
          </RecordContextProvider>
        ))}
      </List>
    </Box>
  );
}

/** The line's words: a link when it opens something, else as they are. */
function Line({ to, sx, children }: { to?: string; sx: SxProps<Theme>; children: ReactNode }) {
  if (to === undefined)
    return (
      <Box
        sx={[
          { display: 'flex', alignItems: 'center', flex: 1, py: 1, pr: 2 },
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
      >
        {children}
      </Box>
    );
  return (
    <ListItemButton component={Link} to={to} sx={sx}>
      {children}
    </ListItemButton>
  );
}
