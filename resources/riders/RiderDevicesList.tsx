import LogoutIcon from '@mui/icons-material/Logout';
import { Button, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useAction } from '@/actions/useAction';
import { formatDateTime } from '@/format';
import type { AppDataProvider } from '@/providers/types';
import { deviceName } from './deviceName';
import type { RiderDevice } from './types';

/** The rider's phones signed in to the rider app, newest first, each with 'Sign out'. */
export function RiderDevicesList({
  riderId,
  devices,
}: {
  riderId: string;
  devices: RiderDevice[];
}) {
  const translate = useTranslate();
  const signOut = useAction(
    (dp: AppDataProvider, deviceId: string) => dp.signOutRiderDevices({ riderId, deviceId }),
    { failureMessage: 'app.riders.app.sign_out_failed', invalidates: ['riders'] },
  );
  if (!devices.length) {
    return <Typography variant="body2">{translate('app.riders.app.no_devices')}</Typography>;
  }
  const nameOf = (device: RiderDevice) => {
    const name = deviceName(device.device);
    return name
      ? translate('app.riders.app.device_on', { browser: name.browser, os: name.os })
      : translate('app.riders.app.unknown_device');
  };
  return (
    <List dense disablePadding sx={{ maxWidth: 560 }}>
      {devices.map((device) => {
        const name = nameOf(device);
        const signedIn = formatDateTime(device.signedInAt);
        return (
          <ListItem
            key={device._id}
            divider
            disableGutters
            secondaryAction={
              <Button
                size="small"
                startIcon={<LogoutIcon />}
                disabled={signOut.isPending}
                onClick={() => signOut.mutate(device._id)}
                aria-label={translate('app.riders.app.sign_out_device', {
                  device: name,
                  when: signedIn,
                })}
              >
                {translate('app.riders.app.sign_out')}
              </Button>
            }
            sx={{ pr: 14 }}
          >
            <ListItemText
              primary={name}
              secondary={
                <>
                  <span>{translate('app.riders.app.signed_in_at', { when: signedIn })}</span>
                  <br />
                  <span>
                    {translate('app.riders.app.last_seen', {
                      when: formatDateTime(device.lastSeenAt),
                    })}
                  </span>
                </>
              }
              // The raw User-Agent on hover, for when two phones read the same.
              title={device.device}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
