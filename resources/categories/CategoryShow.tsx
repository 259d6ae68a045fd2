import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
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
import { formatDay, imageUrl } from '../../src/format';
import { CategoryAccessories } from '../accessories/CategoryAccessories';
import { CategoryProducts } from '../products/CategoryProducts';
import { CategorySubCategories } from '../subCategories/CategorySubCategories';
import { kindLabel } from './kinds';

/**
 * /admin-panel/category/view/{id}: the category's details, then its tables by kind:
 * sub-categories (laundry), products (all but tiffin), accessories (water and oxygen).
 */
export function CategoryShow() {
  const { id } = useParams();
  const translate = useTranslate();
  const { data: record, isPending, error } = useGetOne('categories', { id: id! });
  const { canAccess: canEdit } = useCanAccess({ resource: 'categories', action: 'edit' });
  if (isPending) return <Typography sx={{ p: 3 }}>{translate('app.loading')}</Typography>;
  if (error || !record) return <RecordMissing message={error?.message} />;
  return (
    <RecordContextProvider value={record}>
      <Title title={translate('app.categories.view_title')} />
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 2 }}>
            <Typography variant="h5" component="h1">
              {record.name}
            </Typography>
            {canEdit && (
              <Button
                component={Link}
                to={`/category/edit/${record.id}`}
                startIcon={<EditIcon />}
                variant="outlined"
              >
                Edit
              </Button>
            )}
          </Stack>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={4}>
            <Box
              component="img"
              src={imageUrl(record.image)}
              alt={record.name}
              sx={{
                width: 220,
                height: 220,
                objectFit: 'cover',
                borderRadius: 2,
                bgcolor: 'grey.100',
              }}
            />
            <Stack spacing={2}>
              <Labeled label="Title">
                <TextField source="title" />
              </Labeled>
              <Labeled label="Description">
                <TextField source="description" />
              </Labeled>
              <Labeled label="Service kind">
                <Typography variant="body2">{kindLabel(record.kind)}</Typography>
              </Labeled>
              <Labeled label="Status">
                <TextField source="status" />
              </Labeled>
              <Labeled label="Created At">
                <Typography variant="body2">{formatDay(record.createdAt)}</Typography>
              </Labeled>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      {record.kind === 'laundry' && <CategorySubCategories category={record} />}
      {record.kind !== 'tiffin' && <CategoryProducts category={record} />}
      {(record.kind === 'water' || record.kind === 'oxygen') && (
        <CategoryAccessories category={record} />
      )}
    </RecordContextProvider>
  );
}
