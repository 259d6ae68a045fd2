import EditIcon from '@mui/icons-material/Edit';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import {
  Labeled,
  RecordContextProvider,
  TextField,
  Title,
  useCanAccess,
  useGetOne,
  useTranslate,
} from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { RecordMissing } from '../../src/components/RecordMissing';
import { formatDay, formatRupees } from '../../src/format';

/** /admin-panel/tiffin-plan/view/{planId} */
export function PlanShow() {
  const { id } = useParams();
  const translate = useTranslate();
  const { data: record, isPending, error } = useGetOne('plans', { id: id! });
  const { canAccess: canEdit } = useCanAccess({ resource: 'plans', action: 'edit' });
  if (isPending) return <Typography sx={{ p: 3 }}>{translate('app.loading')}</Typography>;
  if (error || !record) return <RecordMissing message={error?.message} />;
  return (
    <RecordContextProvider value={record}>
      <Title title={translate('app.plans.view_title')} />
      <Card sx={{ mt: 2, maxWidth: 720 }}>
        <CardContent>
          <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 2 }}>
            <Typography variant="h5" component="h1">
              {record.name}
            </Typography>
            {canEdit && (
              <Button
                component={Link}
                to={`/tiffin-plan/edit/${record.id}`}
                startIcon={<EditIcon />}
                variant="outlined"
              >
                Edit
              </Button>
            )}
          </Stack>
          <Stack spacing={2}>
            <Labeled label="app.plans.duration_column">
              <Typography variant="body2">
                {translate('app.plans.days', { smart_count: record.duration })}
              </Typography>
            </Labeled>
            <Labeled label="app.plans.price_column">
              <Typography variant="body2">{formatRupees(record.price)}</Typography>
            </Labeled>
            <Labeled label="Status">
              <TextField source="status" />
            </Labeled>
            <Labeled label="Created At">
              <Typography variant="body2">{formatDay(record.createdAt)}</Typography>
            </Labeled>
          </Stack>
        </CardContent>
      </Card>
    </RecordContextProvider>
  );
}
