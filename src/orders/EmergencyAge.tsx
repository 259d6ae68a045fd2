import { Box } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { emergencyClock, formatAge, type EmergencyTimes } from './emergencyClock';
import { useAlertMinutes, useNow } from './useEmergencyClock';

/**
 * An emergency's clock beside its red dot (issue 40): how long ago an open one was placed ('47
 * min', red and bold once it runs late), or how long a delivered one took ('in 2 h 5 min', red
 * when past the alert). Nothing for other orders.
 */
export function EmergencyAge({ order }: { order: EmergencyTimes | RaRecord }) {
  const translate = useTranslate();
  const now = useNow();
  const alert = useAlertMinutes();
  const clock = emergencyClock(order as EmergencyTimes, now, alert);
  if (!clock) return null;
  const age = formatAge(clock.minutes);
  const open = clock.kind === 'open';
  const key = open
    ? clock.late
      ? 'emergency_late_title'
      : 'emergency_age_title'
    : clock.late
      ? 'emergency_took_late_title'
      : 'emergency_took_title';
  return (
    <Box
      component="span"
      data-testid="emergency-age"
      title={translate(`app.orders.${key}`, { age, alert })}
      sx={{
        whiteSpace: 'nowrap',
        typography: 'caption',
        lineHeight: 1.2,
        fontWeight: clock.late ? 700 : 500,
        color: clock.late ? 'error.main' : open ? 'warning.dark' : 'text.secondary',
        ...(clock.late && open
          ? { px: 0.5, borderRadius: 0.5, bgcolor: 'error.main', color: 'error.contrastText' }
          : {}),
      }}
    >
      {translate(open ? 'app.orders.emergency_age' : 'app.orders.emergency_took', { age })}
    </Box>
  );
}
