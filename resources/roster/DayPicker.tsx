import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { IconButton, Stack, TextField, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { addDays } from '@shared/time';

/** The roster's day: a date box between 'Previous day' and 'Next day'. */
export function DayPicker({ date, onChange }: { date: string; onChange: (day: string) => void }) {
  const translate = useTranslate();
  const previous = translate('app.roster.previous_day');
  const next = translate('app.roster.next_day');
  return (
    <Stack direction="row" alignItems="center" gap={0.5}>
      <Tooltip title={previous}>
        <IconButton aria-label={previous} onClick={() => onChange(addDays(date, -1))}>
          <ChevronLeftIcon />
        </IconButton>
      </Tooltip>
      <TextField
        type="date"
        size="small"
        label={translate('app.roster.date')}
        value={date}
        // A cleared box keeps the day shown.
        onChange={(e) => e.target.value && onChange(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: 170 }}
      />
      <Tooltip title={next}>
        <IconButton aria-label={next} onClick={() => onChange(addDays(date, 1))}>
          <ChevronRightIcon />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
