import { Avatar, Box, Link as MuiLink, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatClock, formatRupees, imageUrl } from '@/format';
import type { DoorOutcome } from './types';

type Translate = ReturnType<typeof useTranslate>;

/** The outcome's first words: 'Delivered at 10:42', 'Not delivered: Not at home'. */
export function outcomeHeadline(outcome: DoorOutcome, translate: Translate): string {
  if (outcome.kind === 'delivered') {
    return translate('app.riders.run.delivered_at', { time: formatClock(outcome.at) });
  }
  if (!outcome.reason) return translate('app.riders.run.not_delivered_plain');
  return translate('app.riders.run.not_delivered', {
    reason: translate(`app.riders.run.reasons.${outcome.reason}`, { _: outcome.reason }),
  });
}

/**
 * What else the rider reported: the empties and the money for a delivery ('2 empties collected',
 * 'UPI ₹120 (ref. 4211…)'), the time and the note for a stop not delivered.
 */
export function outcomeDetails(outcome: DoorOutcome, translate: Translate): string[] {
  if (outcome.kind === 'not-delivered') {
    return [
      translate('app.riders.run.reported_at', { time: formatClock(outcome.at) }),
      outcome.note ? `“${outcome.note}”` : '',
    ].filter(Boolean);
  }
  const { emptiesCollected, collected } = outcome;
  const amount = collected ? formatRupees(collected.amount) : '';
  return [
    emptiesCollected ? translate('app.riders.run.empties', { smart_count: emptiesCollected }) : '',
    collected?.method === 'Cash' ? translate('app.riders.run.cash_collected', { amount }) : '',
    collected?.method === 'UPI'
      ? translate(
          collected.reference ? 'app.riders.run.upi_collected_ref' : 'app.riders.run.upi_collected',
          { amount, reference: collected.reference },
        )
      : '',
  ].filter(Boolean);
}

/** The proof photo as a small thumbnail opening the full image in a new tab. */
export function ProofPhoto({ url, orderId }: { url: string; orderId: string }) {
  const translate = useTranslate();
  const href = imageUrl(url);
  return (
    <MuiLink
      href={href}
      target="_blank"
      rel="noopener"
      aria-label={translate('app.riders.run.photo_of', { orderId })}
      sx={{ display: 'inline-block', lineHeight: 0 }}
    >
      <Avatar
        variant="rounded"
        src={href}
        alt=""
        slotProps={{ img: { loading: 'lazy' } }}
        sx={{ width: 48, height: 48 }}
      />
    </MuiLink>
  );
}

/** A run's job at the door, for the table's column: the outcome, what was collected, the photo. */
export function DoorOutcomeCell({
  outcome,
  orderId,
}: {
  outcome: DoorOutcome | null | undefined;
  orderId: string;
}) {
  const translate = useTranslate();
  if (!outcome) return null;
  return (
    <>
      <Typography
        variant="body2"
        sx={{ mt: 0.5, fontWeight: 500 }}
        color={outcome.kind === 'delivered' ? 'success.main' : 'warning.main'}
      >
        {outcomeHeadline(outcome, translate)}
      </Typography>
      {outcomeDetails(outcome, translate).map((line) => (
        <Typography key={line} variant="caption" color="text.secondary" component="div">
          {line}
        </Typography>
      ))}
      {outcome.photoUrl && (
        <Box sx={{ mt: 0.5 }}>
          <ProofPhoto url={outcome.photoUrl} orderId={orderId} />
        </Box>
      )}
    </>
  );
}
