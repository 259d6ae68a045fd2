import {
  Box,
  Card,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useCanAccess, useGetList, useTranslate } from 'react-admin';
import { useIsPhone } from '@/lists/PhoneList';
import { PriceBlock, PriceRow } from './PriceRow';

/** The products or accessories of one category, each row with its own Save. */
export function PriceTable({
  resource,
  title,
  filter,
  imageSource,
  emptyText,
  failureMessage,
}: {
  resource: 'products' | 'accessories';
  title: string;
  filter: Record<string, unknown>;
  imageSource: string;
  emptyText: string;
  failureMessage: string;
}) {
  const translate = useTranslate();
  // The server lets Pricing Management change prices through the product and accessory edits.
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'pricing', action: 'edit' });
  const { data, isPending, error } = useGetList(resource, {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
    filter,
  });
  const headingId = `pricing-${resource}`;
  const phone = useIsPhone();
  const rowProps = { resource, imageSource, failureMessage, canEdit };
  return (
    <Card sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" id={headingId} sx={{ px: 2, pt: 2 }}>
        {title}
      </Typography>
      {isPending ? (
        <Typography sx={{ p: 2 }} role="status">
          {translate('app.loading')}
        </Typography>
      ) : error ? (
        <Typography sx={{ p: 2 }} color="error" role="alert">
          {error.message}
        </Typography>
      ) : !data?.length ? (
        <Typography sx={{ p: 2 }}>{emptyText}</Typography>
      ) : phone ? (
        <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {data.map((record) => (
            <PriceBlock key={record.id} record={record} {...rowProps} />
          ))}
        </Box>
      ) : (
        <TableContainer>
          {/* Fixed columns, so the products and accessories tables line up. */}
          <Table
            size="small"
            aria-labelledby={headingId}
            sx={{ tableLayout: 'fixed', minWidth: 860 }}
          >
            <colgroup>
              <col style={{ width: 72 }} />
              <col />
              <col style={{ width: 170 }} />
              <col style={{ width: 170 }} />
              <col style={{ width: 140 }} />
              <col style={{ width: 120 }} />
            </colgroup>
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.pricing.image')}</TableCell>
                <TableCell>{translate('app.pricing.name')}</TableCell>
                <TableCell>{translate('app.pricing.price')}</TableCell>
                <TableCell>{translate('app.pricing.discount_price')}</TableCell>
                <TableCell>{translate('app.pricing.stock')}</TableCell>
                <TableCell>{translate('app.list.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((record) => (
                <PriceRow key={record.id} record={record} {...rowProps} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Card>
  );
}
