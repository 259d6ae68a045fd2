import { Card, CardContent, Link, Typography } from '@mui/material';
import { Title, useGetIdentity } from 'react-admin';

/** /admin-panel/dashboard. The figures and charts come with the dashboard issue. */
export function DashboardPage() {
  const { identity } = useGetIdentity();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Dashboard" />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          Welcome{identity?.fullName ? `, ${identity.fullName}` : ''}
        </Typography>
        <Typography color="text.secondary">
          Choose a section in the menu to manage the catalogue, customers and orders. The
          dashboard's figures and charts are on their way. <Link href="/">Go to the website</Link>
        </Typography>
      </CardContent>
    </Card>
  );
}
DashboardPage.path = 'dashboard';
