import { Box, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { CutoffCard } from './CutoffCard';
import { HolidayAddForm } from './HolidayAddForm';
import { HolidayList } from './HolidayList';

/** /admin-panel/holidays: the cut-off time, the holidays, and adding one. */
export function HolidaysPage() {
  const translate = useTranslate();
  const title = translate('app.holidays.title');
  return (
    <Box sx={{ mt: 1 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <CutoffCard />
      <HolidayList />
      <HolidayAddForm />
    </Box>
  );
}
