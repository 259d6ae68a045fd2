import type { ComponentType } from 'react';
import { Box, Typography } from '@mui/material';
import { formatCount } from '@/format';

export interface FigureTileProps {
  icon: ComponentType<{ fontSize?: 'medium' }>;
  /** The icon's colour; its disc is the same colour, faint. */
  colour: string;
  label: string;
  value: unknown;
  /** The figure as shown, when it is not a count (₹1,23,456.00). */
  text?: string;
  /** A second line under the figure. */
  detail?: string;
}

/** One dashboard figure: a coloured icon, its label and the count (the cards' inside). */
export function FigureTile({ icon: Icon, colour, label, value, text, detail }: FigureTileProps) {
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 1.5 }, p: { xs: 1.5, sm: 2 } }}
    >
      <Box
        aria-hidden
        sx={{
          display: 'grid',
          placeItems: 'center',
          flexShrink: 0,
          width: { xs: 36, sm: 44 },
          height: { xs: 36, sm: 44 },
          borderRadius: '50%',
          color: colour,
          bgcolor: `${colour}1a`,
        }}
      >
        <Icon fontSize="medium" />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography
          variant="body2"
          color="text.secondary"
          component="span"
          display="block"
          sx={{ lineHeight: 1.3 }}
        >
          {label}
        </Typography>
        {/* A million in Indian grouping (10,00,000) must fit half a phone's width: smaller
            there, and broken at a comma rather than cut off when it still does not fit. */}
        <Typography
          variant="h5"
          component="span"
          display="block"
          sx={(theme) => ({
            fontWeight: 600,
            fontSize: { xs: '1.125rem', sm: theme.typography.h5.fontSize },
            overflowWrap: 'anywhere',
          })}
        >
          {text ?? formatCount(value)}
        </Typography>
        {detail && (
          <Typography variant="caption" color="text.secondary" component="span" display="block">
            {detail}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
