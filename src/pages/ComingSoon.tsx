import ConstructionIcon from '@mui/icons-material/Construction';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/** Placeholder for a spec screen not built yet, so that no menu entry is a dead link. */
export function comingSoon(title: string) {
  function ComingSoonPage() {
    const translate = useTranslate();
    return (
      <Card sx={{ mt: 2 }}>
        <Title title={title} />
        <CardContent>
          <Stack direction="row" spacing={2} alignItems="center">
            <ConstructionIcon color="action" fontSize="large" />
            <div>
              <Typography variant="h5" component="h1">
                {title}
              </Typography>
              <Typography color="text.secondary">{translate('app.coming.text')}</Typography>
            </div>
          </Stack>
        </CardContent>
      </Card>
    );
  }
  ComingSoonPage.displayName = `ComingSoon(${title})`;
  return ComingSoonPage;
}
