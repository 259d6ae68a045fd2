import { useTranslate } from 'react-admin';
import { StatusChip, type StatusTone } from '@/components/StatusChip';

const TONES: Record<string, StatusTone> = {
  Active: 'success',
  Paused: 'warning',
  Ended: 'default',
};

/** Active (green), Paused (amber), Ended (grey). */
export function SubscriptionStatusChip({ status }: { status: unknown }) {
  const translate = useTranslate();
  const label = translate(`app.subscriptions.statuses.${String(status)}`, { _: String(status) });
  return <StatusChip tone={TONES[String(status)] ?? 'default'} label={label} />;
}
