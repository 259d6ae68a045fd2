import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, ButtonBase, IconButton, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type MouseEvent } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { isoWeekday } from '@shared/schedule';
import { indiaDay } from '@shared/time';
import { useAction } from '@/actions/useAction';
import { formatDay } from '@/format';
import type { AppDataProvider } from '@/providers/types';
import { DAY_STATES, type CalendarDay, type DayState, type MadeOrder } from './types';

/** Each state's cell: background and text colours from the theme, so both themes read. */
const LOOK: Record<DayState, { bg: string; fg: string; border?: string }> = {
  delivered: { bg: 'success.main', fg: 'success.contrastText' },
  generated: { bg: 'info.main', fg: 'info.contrastText' },
  cancelled: { bg: 'grey.500', fg: 'common.white' },
  skipped: { bg: 'warning.main', fg: 'warning.contrastText' },
  paused: { bg: 'grey.300', fg: 'text.primary' },
  holiday: { bg: 'secondary.main', fg: 'secondary.contrastText' },
  upcoming: { bg: 'transparent', fg: 'primary.main', border: 'primary.main' },
  missed: { bg: 'error.main', fg: 'error.contrastText' },
  none: { bg: 'transparent', fg: 'text.disabled' },
};

const WEEKDAY_KEYS = [1, 2, 3, 4, 5, 6, 7];

/** 'YYYY-MM' moved by `by` months. */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}

const monthTitle = (month: string) =>
  new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/**
 * The subscription's month, day by day, coloured by state with a legend; previous and next
 * month (the month in the address, `?month=2025-03`). An upcoming day offers Skip, a skipped
 * day Undo skip, a day whose order was made opens that order. A skip that meets an order
 * already made hands it to `onMadeOrders`.
 */
export function SubscriptionCalendar({
  subscriptionId,
  onMadeOrders,
}: {
  subscriptionId: string;
  onMadeOrders: (orders: MadeOrder[] | undefined) => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.subscriptions.${key}`, options);
  const dataProvider = useDataProvider<AppDataProvider>();
  const [params, setParams] = useSearchParams();
  const asked = params.get('month');
  const month = asked && /^\d{4}-\d{2}$/.test(asked) ? asked : indiaDay().slice(0, 7);
  const calendar = useQuery({
    queryKey: ['subscriptions', 'calendar', subscriptionId, month],
    queryFn: async () =>
      (await dataProvider.subscriptionCalendar({ id: subscriptionId, month })).data,
    placeholderData: keepPreviousData,
  });
  const [menu, setMenu] = useState<{ anchor: HTMLElement; day: CalendarDay } | null>(null);
  const change = (skip: boolean) => ({
    failureMessage: skip ? 'app.subscriptions.skip_failed' : 'app.subscriptions.unskip_failed',
    invalidates: ['subscriptions'],
    onSuccess: ({ data }: { data: { madeOrders?: MadeOrder[] } }) => onMadeOrders(data?.madeOrders),
  });
  const skip = useAction(
    (dp: AppDataProvider, date: string) => dp.skipSubscriptionDay({ subscriptionId, date }),
    change(true),
  );
  const unskip = useAction(
    (dp: AppDataProvider, date: string) => dp.unskipSubscriptionDay({ subscriptionId, date }),
    change(false),
  );
  const goTo = (next: string) => {
    const query = new URLSearchParams(params);
    query.set('month', next);
    setParams(query, { replace: true });
  };
  const days = calendar.data?.days ?? [];
  // Monday first: blanks before the 1st.
  const lead = days.length ? isoWeekday(days[0]!.date) - 1 : 0;
  const open = (e: MouseEvent<HTMLElement>, day: CalendarDay) =>
    setMenu({ anchor: e.currentTarget, day });

  return (
    <Box>
      <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 1 }}>
        <IconButton aria-label={t('previous_month')} onClick={() => goTo(shiftMonth(month, -1))}>
          <ChevronLeftIcon />
        </IconButton>
        <Typography variant="subtitle1" component="h3" aria-live="polite">
          {monthTitle(month)}
        </Typography>
        <IconButton aria-label={t('next_month')} onClick={() => goTo(shiftMonth(month, 1))}>
          <ChevronRightIcon />
        </IconButton>
      </Stack>
      {calendar.isPending ? (
        <Typography role="status">{translate('app.loading')}</Typography>
      ) : calendar.error ? (
        <Typography color="error" role="alert">
          {t('calendar_failed', { reason: (calendar.error as Error).message })}
        </Typography>
      ) : (
        <Box
          role="group"
          aria-label={monthTitle(month)}
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 0.5, maxWidth: 480 }}
        >
          {WEEKDAY_KEYS.map((d) => (
            <Typography key={d} variant="caption" color="text.secondary" align="center">
              {t(`weekday_names.${d}`)}
            </Typography>
          ))}
          {Array.from({ length: lead }, (_, i) => (
            <span key={`lead-${i}`} />
          ))}
          {days.map((day) => (
            <DayCell key={day.date} day={day} onOpen={open} />
          ))}
        </Box>
      )}
      <Legend />
      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {menu?.day.state === 'upcoming' && (
          <MenuItem
            disabled={skip.isPending}
            onClick={() => {
              skip.mutate(menu.day.date);
              setMenu(null);
            }}
          >
            {t('skip')}
          </MenuItem>
        )}
        {menu?.day.state === 'skipped' && (
          <MenuItem
            disabled={unskip.isPending}
            onClick={() => {
              unskip.mutate(menu.day.date);
              setMenu(null);
            }}
          >
            {t('unskip')}
          </MenuItem>
        )}
      </Menu>
    </Box>
  );
}

/** One day: a link to its order, a button offering skip or undo, or a plain cell. */
function DayCell({
  day,
  onOpen,
}: {
  day: CalendarDay;
  onOpen: (e: MouseEvent<HTMLElement>, day: CalendarDay) => void;
}) {
  const translate = useTranslate();
  const state = DAY_STATES.includes(day.state) ? day.state : 'none';
  const look = LOOK[state];
  const stateText = translate(`app.subscriptions.states.${state}`);
  const extra = day.holiday
    ? ` (${day.holiday})`
    : day.order
      ? ` (${day.order.orderId})`
      : day.reason
        ? ` (${day.reason})`
        : '';
  const label = translate('app.subscriptions.day_label', {
    day: formatDay(day.date),
    state: `${stateText}${extra}`,
  });
  const sx = {
    aspectRatio: '1',
    minHeight: 36,
    borderRadius: 1,
    bgcolor: look.bg,
    color: look.fg,
    border: 1,
    borderColor: look.border ?? (state === 'none' ? 'divider' : 'transparent'),
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: 14,
    fontWeight: state === 'none' ? 400 : 600,
    textDecoration: 'none',
  };
  const number = Number(day.date.slice(8));
  if (day.order && ['delivered', 'generated', 'cancelled'].includes(state)) {
    return (
      <Box
        component={Link}
        to={`/order/view/${day.order._id}`}
        aria-label={label}
        title={label}
        sx={sx}
      >
        {number}
      </Box>
    );
  }
  if (state === 'upcoming' || state === 'skipped') {
    return (
      <ButtonBase
        aria-label={label}
        aria-haspopup="menu"
        title={label}
        onClick={(e) => onOpen(e, day)}
        sx={sx}
      >
        {number}
      </ButtonBase>
    );
  }
  return (
    <Box role="img" aria-label={label} title={label} sx={sx}>
      {number}
    </Box>
  );
}

/** What each colour means. */
function Legend() {
  const translate = useTranslate();
  const headingId = 'calendar-legend';
  return (
    <Box sx={{ mt: 2 }}>
      <Typography id={headingId} variant="caption" color="text.secondary">
        {translate('app.subscriptions.legend')}
      </Typography>
      <Stack
        component="ul"
        aria-labelledby={headingId}
        direction="row"
        flexWrap="wrap"
        gap={1.5}
        sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}
      >
        {DAY_STATES.filter((s) => s !== 'none').map((state) => (
          <Stack component="li" key={state} direction="row" alignItems="center" gap={0.75}>
            <Box
              sx={{
                width: 14,
                height: 14,
                borderRadius: 0.5,
                bgcolor: LOOK[state].bg,
                border: 1,
                borderColor: LOOK[state].border ?? 'transparent',
              }}
            />
            <Typography variant="body2">
              {translate(`app.subscriptions.states.${state}`)}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
