import { Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Labeled } from 'react-admin';

/** A label (an i18n key) over a line of text, for view screens whose values are worked out. */
export function LabeledText({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Labeled label={label}>
      <Typography variant="body2" component="span">
        {children}
      </Typography>
    </Labeled>
  );
}
