import { useGetList } from 'react-admin';
import { pincodeLabel } from '@shared/pincode';
import { SelectFilter } from './SelectFilter';

/** Up to this many pin codes fill the dropdown (spec 001 §9). */
export const PINCODE_DROPDOWN_SIZE = 1000;

/** 'All pin codes' or one pin code of the `pincodes` resource, as the list's `pincode` filter. */
export function PincodeFilter() {
  const { data: pincodes = [] } = useGetList('pincodes', {
    pagination: { page: 1, perPage: PINCODE_DROPDOWN_SIZE },
    sort: { field: 'number', order: 'ASC' },
  });
  return (
    <SelectFilter
      source="pincode"
      label="app.assigningJobs.pincode"
      allLabel="app.assigningJobs.all_pincodes"
      choices={pincodes.map((p) => ({ id: String(p.number), name: pincodeLabel(p) }))}
      width={180}
    />
  );
}
