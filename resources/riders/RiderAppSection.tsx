import LogoutIcon from '@mui/icons-material/Logout';
import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, Labeled, useTranslate } from 'react-admin';
import { useAction } from '@/actions/useAction';
import { useActionQuery } from '@/actions/useActionQuery';
import { formatDateTime } from '@/format';
import type { AppDataProvider } from '@/providers/types';
import { RiderDevicesList } from './RiderDevicesList';
import { SetPinButton } from './SetPinButton';
import type { RiderDevices } from './types';

/**
 * The rider app (issue 40) on the rider's record: whether the rider has a PIN and since when,
 * 'Set PIN', and the phones signed in, each with 'Sign out', and 'Sign out all devices'.
 */
export function RiderAppSection({ riderId, name }: { riderId: string; name: string }) {
  const translate = useTranslate();
  const [asking, setAsking] = useState(false);
  // Under 'riders', so that every write about the rider reloads it.
  const access = useActionQuery<AppDataProvider, RiderDevices>(
    ['riders', 'devices', riderId],
    (dp) => dp.riderDevices({ riderId }),
  );
  const signOutAll = useAction((dp: AppDataProvider) => dp.signOutRiderDevices({ riderId }), {
    failureMessage: 'app.riders.app.sign_out_failed',
    invalidates: ['riders'],
  });

  if (access.error) {
    return (
      <Typography color="error" role="alert">
        {translate('app.riders.app.load_failed', { reason: (access.error as Error).message })}
      </Typography>
    );
  }
  if (!access.data) {
    return <Typography role="status">{translate('app.loading')}</Typography>;
  }
  const { pinSet, pinSetAt, devices } = access.data;
  return (
    <Stack spacing={2} component="section" aria-label={translate('app.riders.app.title')}>
      <Typography variant="h6" component="h2">
        {translate('app.riders.app.title')}
      </Typography>
      <Labeled label="app.riders.app.pin">
        <Typography variant="body2" component="span">
          {!pinSet
            ? translate('app.riders.app.no_pin')
            : pinSetAt
              ? translate('app.riders.app.pin_set_on', { when: formatDateTime(pinSetAt) })
              : translate('app.riders.app.pin_set')}
        </Typography>
      </Labeled>
      <div>
        <SetPinButton riderId={riderId} name={name} hasPin={pinSet} />
      </div>
      <Labeled label="app.riders.app.devices">
        <RiderDevicesList riderId={riderId} devices={devices} />
      </Labeled>
      {devices.length > 0 && (
        <div>
          <Button
            variant="outlined"
            color="error"
            startIcon={<LogoutIcon />}
            onClick={() => setAsking(true)}
          >
            {translate('app.riders.app.sign_out_all')}
          </Button>
        </div>
      )}
      <Confirm
        isOpen={asking}
        loading={signOutAll.isPending}
        title="app.riders.app.sign_out_all_title"
        content="app.riders.app.sign_out_all_text"
        contentTranslateOptions={{ name }}
        confirm="app.riders.app.sign_out_all"
        onConfirm={async () => {
          await signOutAll.submit(undefined);
          setAsking(false);
        }}
        onClose={() => setAsking(false)}
      />
    </Stack>
  );
}
