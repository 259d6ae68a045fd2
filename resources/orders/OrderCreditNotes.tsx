import DownloadIcon from '@mui/icons-material/Download';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import { Box, Button, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useCanAccess, useTranslate, type RaRecord } from 'react-admin';
import { useFileDownload } from '@/actions/useFileDownload';
import { formatDateTime, formatRupees } from '@/format';
import type { CreditNote, InvoiceLineLeft } from './calls';
import { CreditNoteDialog } from './CreditNoteDialog';

/** The invoice as get-order answers it since issue 38. */
export interface OrderInvoice {
  invoiceNo: string;
  issuedAt: string;
  creditNotes?: number;
  lines?: InvoiceLineLeft[];
}

/**
 * 'Download' of one credit or debit note: its PDF from order/credit-note (the `creditNote` file
 * of the orders resource), saved under the server's name.
 */
export function CreditNoteDownload({
  note,
  compact = false,
}: {
  note: Pick<CreditNote, '_id' | 'noteNo'>;
  /** An icon alone (a list's row), named for screen readers and in a tooltip. */
  compact?: boolean;
}) {
  const translate = useTranslate();
  const file = useFileDownload({
    fetch: (dataProvider, stream) =>
      dataProvider.download('orders', 'creditNote', {
        values: { creditNoteId: note._id },
        ...stream,
      }),
    progressMessage: 'app.orders.credit_note_preparing_size',
    stoppedMessage: 'app.orders.credit_note_stopped',
    failureMessage: 'app.orders.credit_note_failed',
  });
  const label = translate('app.orders.credit_note_download_label', { noteNo: note.noteNo });
  if (compact) {
    return (
      <Tooltip title={file.progress ?? label}>
        <span>
          <IconButton
            aria-label={label}
            aria-busy={file.busy}
            disabled={file.busy}
            onClick={file.start}
            color="primary"
          >
            <DownloadIcon />
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<DownloadIcon />}
      disabled={file.busy}
      aria-busy={file.busy}
      aria-label={label}
      onClick={file.start}
      sx={{ flexShrink: 0 }}
    >
      {file.busy
        ? (file.progress ?? translate('app.orders.credit_note_preparing'))
        : translate('app.orders.credit_note_download')}
    </Button>
  );
}

/** One note: number, kind, why, when, by whom, its total, and its PDF. */
function NoteLine({ note }: { note: CreditNote }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.orders.${key}`, options);
  const debit = note.kind === 'debit';
  return (
    <Stack
      component="li"
      direction={{ xs: 'column', sm: 'row' }}
      alignItems={{ xs: 'flex-start', sm: 'center' }}
      gap={1}
      sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider' }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {note.noteNo}
          </Typography>
          <Chip
            size="small"
            variant="outlined"
            color={debit ? 'info' : 'warning'}
            label={t(`credit_note_kind_${note.kind}`)}
          />
          <Typography variant="body2">
            {debit ? '+' : '−'}
            {formatRupees(note.total)}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('credit_note_meta', {
            cause: t(`credit_note_cause_${note.cause}`),
            date: formatDateTime(note.issuedAt),
            by: note.by?.name ?? t('placed_by_customer'),
          })}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {t('credit_note_reason', { reason: note.reason })}
        </Typography>
      </Box>
      <CreditNoteDownload note={note} />
    </Stack>
  );
}

/**
 * The invoice's credit and debit notes on the order's view (issue 38), oldest first, each with
 * its PDF; 'Issue credit note' for an admin of Orders while some line has value left.
 */
export function OrderCreditNotes({ order, invoice }: { order: RaRecord; invoice: OrderInvoice }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.orders.${key}`, options);
  const notes = (order.creditNotes ?? []) as CreditNote[];
  const { canAccess } = useCanAccess({ resource: 'orders', action: 'edit' });
  const [open, setOpen] = useState(false);
  const lines = invoice.lines ?? [];
  const left = lines.reduce((sum, l) => sum + l.left, 0);
  const taxable = lines.reduce((sum, l) => sum + l.taxable, 0);
  return (
    <Box sx={{ mt: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        justifyContent="space-between"
        alignItems={{ xs: 'flex-start', sm: 'center' }}
        gap={1}
      >
        <div>
          <Typography variant="subtitle1" component="h3">
            {t('credit_notes_title')}
          </Typography>
          {lines.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('credit_notes_left', {
                left: formatRupees(left),
                taxable: formatRupees(taxable),
              })}
            </Typography>
          )}
        </div>
        {canAccess && left > 0 && (
          <Button variant="outlined" startIcon={<NoteAddIcon />} onClick={() => setOpen(true)}>
            {t('issue_credit_note')}
          </Button>
        )}
      </Stack>
      {notes.length ? (
        <Box
          component="ul"
          aria-label={t('credit_notes_title')}
          sx={{ m: 0, p: 0, listStyle: 'none' }}
        >
          {notes.map((note) => (
            <NoteLine key={note._id} note={note} />
          ))}
        </Box>
      ) : (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('credit_notes_none')}
        </Typography>
      )}
      {open && (
        <CreditNoteDialog
          orderId={String(order.id)}
          invoice={invoice}
          lines={lines}
          onClose={() => setOpen(false)}
        />
      )}
    </Box>
  );
}
