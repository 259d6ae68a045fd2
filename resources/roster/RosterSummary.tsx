import Inventory2Icon from '@mui/icons-material/Inventory2';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { Box, Card, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { FigureTile } from '@resources/dashboard/FigureTile';
import { formatCount } from '@/format';
import type { RosterTotals } from './calls';

const GRID = {
  display: 'grid',
  gap: { xs: 1, sm: 2 },
  // Two to a row on a 390 px phone, more as the screen allows.
  gridTemplateColumns: {
    xs: 'repeat(2, minmax(0, 1fr))',
    sm: 'repeat(auto-fill, minmax(200px, 1fr))',
  },
  mb: 2,
};

/**
 * The day's totals above its table: what to cook or load per item (the kitchen's meals, the
 * jars and cylinders) and what goes out in each slot.
 */
export function RosterSummary({ totals }: { totals: RosterTotals }) {
  const translate = useTranslate();
  const deliveries = (n: number) =>
    translate('app.roster.deliveries_line', { count: formatCount(n) });
  return (
    <Box component="section" aria-label={translate('app.roster.summary')}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {translate('app.roster.by_item')}
      </Typography>
      <Box sx={GRID} role="list" aria-label={translate('app.roster.by_item')}>
        {totals.byItem.map((item) => (
          <Card key={`${item.serviceName}:${item.itemName}`} role="listitem">
            <FigureTile
              icon={Inventory2Icon}
              colour="#1565c0"
              label={`${item.itemName} · ${item.serviceName}`}
              value={item.quantity}
              detail={deliveries(item.deliveries)}
            />
          </Card>
        ))}
        <Card role="listitem">
          <FigureTile
            icon={Inventory2Icon}
            colour="#2e7d32"
            label={translate('app.roster.total')}
            value={totals.quantity}
            detail={deliveries(totals.deliveries)}
          />
        </Card>
      </Box>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {translate('app.roster.by_slot')}
      </Typography>
      <Box sx={GRID} role="list" aria-label={translate('app.roster.by_slot')}>
        {totals.bySlot.map((slot) => (
          <Card key={slot.slot} role="listitem">
            <FigureTile
              icon={ScheduleIcon}
              colour="#6a1b9a"
              label={slot.slot}
              value={slot.quantity}
              detail={deliveries(slot.deliveries)}
            />
          </Card>
        ))}
      </Box>
    </Box>
  );
}
