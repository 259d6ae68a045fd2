import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Labeled, useGetOne, useRecordContext, useTranslate } from 'react-admin';
import { RecordMissing } from '../../src/components/RecordMissing';
import { imageUrl } from '../../src/format';

/**
 * Renders its children with the kind of a category (products and accessories offer inputs by
 * kind): the given category, or the one of the record being edited. 'Loading ...' meanwhile.
 */
export function CategoryKind({
  categoryId,
  children,
}: {
  categoryId?: string;
  children: (kind: string | undefined, categoryId: string) => ReactNode;
}) {
  const translate = useTranslate();
  const record = useRecordContext();
  const id = categoryId ?? categoryIdOf(record?.categoryId);
  const category = useGetOne('categories', { id: id! }, { enabled: Boolean(id) });
  if (category.error) return <RecordMissing message={category.error.message} />;
  if (id && category.isPending) {
    return <Typography sx={{ p: 3 }}>{translate('app.loading')}</Typography>;
  }
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
