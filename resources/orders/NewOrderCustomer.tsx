import { Alert, Box, Typography } from '@mui/material';
import { useEffect } from 'react';
import {
  AutocompleteInput,
  RadioButtonGroupInput,
  ReferenceInput,
  required,
  useCanAccess,
  useGetOne,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { formatPhone, fullName, shortId } from '@/names';
import { AddCustomerFromSearch } from './NewCustomerDialog';

interface Address {
  _id: string;
  fullAddress: string;
  city: string;
  state: string;
  pincode: string;
  isDefault: boolean;
}

/** '12 MG Road, Bengaluru 560001': an address on one line (the city once, if it holds it). */
export const addressLine = (a: Partial<Address>) =>
  a.fullAddress && a.pincode && a.fullAddress.includes(a.pincode)
    ? a.fullAddress
    : [a.fullAddress, [a.city, a.pincode].filter(Boolean).join(' ')].filter(Boolean).join(', ');

const customerText = (r: RaRecord) =>
  r ? [fullName(r), formatPhone(r.phone)].filter(Boolean).join(' · ') : '';

/** One match of the search: name, phone, Family Id and default address. */
function CustomerOption() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const address = (record.defaultAddress ?? record.addresses?.[0]) as Address | undefined;
  return (
    <Box sx={{ py: 0.25 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {fullName(record)}
        {record.status && record.status !== 'Active' ? ` (${record.status})` : ''}
      </Typography>
      <Typography variant="caption" component="div">
        {translate('app.orders.new_customer_option', {
          phone: formatPhone(record.phone),
          familyId: shortId(record.id),
        })}
      </Typography>
      <Typography variant="caption" component="div" color="text.secondary">
        {address ? addressLine(address) : translate('app.orders.new_no_address')}
      </Typography>
    </Box>
  );
}

/**
 * The caller: found by phone, name or Family Id through the customers list's own search
 * (user/all-users, 10 at a time, react-admin's debounced autocomplete, each with its default
 * address), or added on the spot; then the address the order goes to.
 */
export function NewOrderCustomer() {
  const translate = useTranslate();
  const { canAccess, isPending } = useCanAccess({ resource: 'callers', action: 'list' });
  if (isPending) return null;
  if (!canAccess) {
    return (
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('app.orders.new_users_needed')}
      </Alert>
    );
  }
  return (
    <>
      <ReferenceInput
        source="customerId"
        reference="callers"
        perPage={10}
        sort={{ field: 'createdAt', order: 'DESC' }}
        filter={{ status: 'All', withAddress: 'true' }}
      >
        <AutocompleteInput
          label="app.orders.new_customer"
          optionText={<CustomerOption />}
          inputText={customerText}
          matchSuggestion={() => true}
          filterToQuery={(q) => ({ q })}
          helperText="app.orders.new_customer_help"
          validate={required()}
          create={<AddCustomerFromSearch />}
          createLabel="app.orders.new_add_customer"
          createItemLabel="app.orders.new_add_customer_named"
          fullWidth
        />
      </ReferenceInput>
      <AddressInput />
    </>
  );
}

/** The chosen customer's addresses, the default one chosen first. */
function AddressInput() {
  const translate = useTranslate();
  const customerId = useWatch({ name: 'customerId' }) as string | null;
  const addressId = useWatch({ name: 'addressId' }) as string | null;
  const { setValue } = useFormContext();
  const { data: customer } = useGetOne(
    'callers',
    { id: customerId! },
    { enabled: Boolean(customerId) },
  );
  const addresses = (customer?.addresses ?? []) as Address[];
  const known = addresses.some((a) => a._id === addressId);
  const first = addresses[0]?._id ?? null;
  useEffect(() => {
    if (!customer || known) return;
    setValue('addressId', first, { shouldDirty: true });
  }, [customer, known, first, setValue]);
  if (!customerId || !customer) return null;
  if (!addresses.length) {
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        {translate('app.orders.new_address_none')}
      </Alert>
    );
  }
  return (
    <RadioButtonGroupInput
      source="addressId"
      label="app.orders.new_address"
      choices={addresses.map((a) => ({ id: a._id, name: addressLine(a) }))}
      row={false}
      validate={required()}
    />
  );
}
