import { Alert, Box, Card, CardContent, Link as MuiLink, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { ScrollToTop } from '../layout/ScrollToTop';

/** The frame of the sign-in and recovery screens: a centred card with the links below. */
export function AuthCard({
  title,
  subtitle,
  children,
  link,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  /** The screen's own link under the form: back to login, or on to password recovery. */
  link: { to: string; label: string };
}) {
  const translate = useTranslate();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: 'linear-gradient(135deg, #0d47a1 0%, #1976d2 55%, #4fc3f7 100%)',
      }}
    >
      <ScrollToTop />
      <Card sx={{ width: '100%', maxWidth: 420 }} elevation={8}>
        <CardContent sx={{ p: 4 }}>
          <Typography variant="h5" component="h1" gutterBottom fontWeight={600}>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {subtitle}
            </Typography>
          )}
          {children}
          <Stack spacing={1} sx={{ mt: 3 }} alignItems="center">
            <MuiLink component={Link} to={link.to}>
              {translate(link.label)}
            </MuiLink>
            <Typography variant="body2" color="text.secondary">
              {translate('app.auth.go_to_website')}{' '}
              <MuiLink href="/">{translate('app.auth.click_here')}</MuiLink>
            </Typography>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}

/** Verify OTP and Update Password need the earlier steps; opened on their own they say so. */
export function StartRecoveryAlert() {
  const translate = useTranslate();
  return (
    <Alert severity="info">
      {translate('app.auth.no_recovery')}{' '}
      <MuiLink component={Link} to="/send-otp">
        {translate('app.auth.send_otp_title')}
      </MuiLink>
    </Alert>
  );
}
