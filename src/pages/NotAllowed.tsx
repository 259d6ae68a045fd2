import BlockIcon from '@mui/icons-material/Block';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/** What an admin sees on a screen their permissions do not grant (e.g. a typed-in URL). */
export function NotAllowed() {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('app.not_allowed.title')} />
      <CardContent>
        <Stack spacing={2} alignItems="flex-start">
          <Stack direction="row" spacing={2} alignItems="center">
            <BlockIcon color="error" fontSize="large" />
            <Typography variant="h5" component="h1">
              {translate('app.not_allowed.title')}
            </Typography>
          </Stack>
          <Typography>{translate('app.not_allowed.text')}</Typography>
          <Button component={Link} to="/dashboard" variant="outlined">
            Go to the dashboard
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
