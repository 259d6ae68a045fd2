import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Avatar, Chip, Stack, Typography } from '@mui/material';
import { activeTone, StatusChip } from '@/components/StatusChip';
import { Labeled, useCanAccess, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { LabeledText as Field } from '@/components/LabeledText';
import { RecordCard } from '@/records/RecordCard';
import { EditLinkButton, RecordShowBase } from '@/records/RecordShow';
import { formatDay, formatRupees, imageUrl } from '@/format';
import { formatPhone, fullName, initials } from './names';

function Verified({ value }: { value: unknown }) {
  const translate = useTranslate();
  return (
    <span>
      {value ? (
        <Chip
          size="small"
          color="success"
          icon={<CheckCircleIcon />}
          label={translate('app.users.yes')}
        />
      ) : (
        <Chip
          size="small"
          variant="outlined"
          icon={<CancelIcon />}
          label={translate('app.users.no')}
        />
      )}
    </span>
  );
}

/** /admin-panel/user/view/{id}: read-only, with a photo or an initials avatar. */
export function UserShow() {
  return (
    <RecordShowBase resource="users">
      <UserShowContent />
    </RecordShowBase>
  );
}

function UserShowContent() {
  const translate = useTranslate();
  const record = useRecordContext<RaRecord>()!;
  const { canAccess: canEdit } = useCanAccess({ resource: 'users', action: 'edit' });
  const name = fullName(record);
  const addresses = (record.addresses ?? []) as { _id: string; fullAddress: string }[];
  return (
    <RecordCard
      title={translate('app.users.view_title')}
      content
      actions={canEdit && <EditLinkButton to={`/user/edit/${record.id}`} />}
      heading={
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 1 }}>
          <Avatar
            src={imageUrl(record.imageUrl)}
            alt={name}
            sx={{ width: 64, height: 64, bgcolor: 'primary.main', fontSize: 24 }}
          >
            {initials(record)}
          </Avatar>
          <div>
            <Typography variant="h5" component="h1">
              {name}
            </Typography>
            <StatusChip tone={activeTone(record.status)} label={record.status} />
          </div>
        </Stack>
      }
    >
      <Stack spacing={2}>
        <Field label="app.users.family_id">{String(record.id)}</Field>
        <Field label="app.users.first_name">{record.firstName}</Field>
        <Field label="app.users.last_name">{record.lastName}</Field>
        <Field label="Email">{record.email}</Field>
        <Field label="app.users.phone">{formatPhone(record.phone)}</Field>
        <Labeled label="app.users.email_verified">
          <Verified value={record.isEmailVerified} />
        </Labeled>
        <Labeled label="app.users.phone_verified">
          <Verified value={record.isPhoneVerified} />
        </Labeled>
        <Field label="app.users.wallet">{formatRupees(record.wallet)}</Field>
        <Field label="Created At">{formatDay(record.createdAt)}</Field>
        {addresses.length > 0 && (
          <Field label="app.users.address">{addresses[0]!.fullAddress}</Field>
        )}
      </Stack>
    </RecordCard>
  );
}
