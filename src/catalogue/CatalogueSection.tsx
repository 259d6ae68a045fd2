import { Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { AddButton } from '../components/AddButton';

/** One table of the category view: a heading, its Add button, then the table. */
export function CatalogueSection(props: {
  title: string;
  resource: string;
  addTo: string;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-label={props.title} sx={{ mt: 2 }}>
      <CardContent>
        <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 1 }}>
          <Typography variant="h6" component="h2">
            {props.title}
          </Typography>
          <AddButton resource={props.resource} to={props.addTo} />
        </Stack>
        {props.children}
      </CardContent>
    </Card>
  );
}
