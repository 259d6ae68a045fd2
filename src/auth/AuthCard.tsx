import { Box, Card, CardContent, Link as MuiLink, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ScrollToTop } from '../layout/ScrollToTop';

/** The frame of the sign-in and recovery screens: a centred card with the links below. */
export function AuthCard({
  title,
  subtitle,
  children,
  links,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  links?: ReactNode;
}) {
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
          {links && (
            <Stack spacing={1} sx={{ mt: 3 }} alignItems="center">
              {links}
            </Stack>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

export function WebsiteLink({ prefix, label }: { prefix?: string; label: string }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {prefix ? `${prefix} ` : ''}
      <MuiLink href="/">{label}</MuiLink>
    </Typography>
  );
}
