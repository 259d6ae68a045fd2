import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Labeled, useGetOne, useTranslate } from 'react-admin';
import { RecordMissing } from '../components/RecordMissing';
import { imageUrl } from '../format';

/**
 * Renders its children (a whole add or edit screen) once the kind of a category is known, as
 * products and accessories offer inputs by kind: the given category, or the category of the
 * product or accessory `record` names (`{ resource, id }`, read from the same cache as the edit
 * screen's own). 'Loading ...' meanwhile; a category that cannot be loaded is said so.
 */
export function CategoryKind({
  categoryId,
  record,
  children,
}: {
  categoryId?: string;
  record?: { resource: string; id?: string };
  children: (kind: string | undefined, categoryId: string) => ReactNode;
}) {
  const translate = useTranslate();
  const owner = useGetOne(
    record?.resource ?? 'categories',
    { id: record?.id ?? '' },
    { enabled: Boolean(record?.id), retry: false },
  );
  const id = categoryId ?? categoryIdOf(owner.data?.categoryId);
  const category = useGetOne('categories', { id: id! }, { enabled: Boolean(id) });
  if (category.error) return <RecordMissing message={category.error.message} />;
  if ((record && owner.isPending) || (id && category.isPending)) {
    return <Typography sx={{ p: 3 }}>{translate('app.loading')}</Typography>;
  }
  // An unknown product or accessory: the edit screen says so itself.
  return <>{children(category.data?.kind, id ?? '')}</>;
}

/** The catalogue's view screens: the image on the left, labelled values on the right. */
export function ImageDetails(props: {
  image: unknown;
  alt: string;
  details: [label: string, value: ReactNode][];
}) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={4}>
      <Box
        component="img"
        src={imageUrl(props.image)}
        alt={props.alt}
        sx={{ width: 220, height: 220, objectFit: 'cover', borderRadius: 2, bgcolor: 'grey.100' }}
      />
      <Stack spacing={2}>
        {props.details.map(([label, value]) => (
          <Labeled key={label} label={label}>
            <Typography variant="body2">{value}</Typography>
          </Labeled>
        ))}
      </Stack>
    </Stack>
  );
}

/** A category's id whether the record carries it as text or as `{ _id, name }` (product views). */
export function categoryIdOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const id = (value as { _id?: unknown } | null | undefined)?._id;
  return typeof id === 'string' ? id : undefined;
}
