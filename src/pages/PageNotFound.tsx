import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/**
 * An /admin-panel/ address that no screen answers (react-admin's catchAll): said in the
 * panel's look, inside the layout, with the way back to the dashboard.
 */
export function PageNotFound() {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('app.not_found.title')} />
      <CardContent>
        <Stack spacing={2} alignItems="flex-start">
          <Stack direction="row" spacing={2} alignItems="center">
            <SearchOffIcon color="primary" fontSize="large" />
            <Typography variant="h5" component="h1">
              {translate('app.not_found.title')}
            </Typography>
          </Stack>
          <Typography>{translate('app.not_found.text')}</Typography>
          <Button component={Link} to="/dashboard" variant="contained">
            {translate('app.not_found.dashboard')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
