import type { Theme } from '@mui/material/styles';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's default theme with the spec's sidebar: 280px open, hidden (0px) when closed. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    primary: { main: '#1565c0' },
    secondary: { main: '#0d47a1' },
    // Darker than MUI's defaults so that white chip text (Pending, Out for Delivery) meets WCAG AA.
    warning: { main: '#b45309' },
    info: { main: '#0369a1' },
  },
  sidebar: { width: 280, closedWidth: 0 },
  components: {
    ...defaultTheme.components,
    // minWidth 0: the content never grows past the screen to fit a wide table; the table
    // scrolls inside its card instead (a phone stays 390 px wide, the top bar with it).
    RaLayout: {
      styleOverrides: {
        root: {
          // react-admin lets the layout grow to fit its content ('fit-content').
          minWidth: 0,
          '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar': { minWidth: 0 },
          '& .RaLayout-content': { padding: 16, minWidth: 0 },
        },
      },
    },
    // The entry of the current page stands out (react-admin only darkens its text).
    RaMenuItemLink: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          '&.RaMenuItemLink-active': {
            backgroundColor: theme.palette.action.selected,
            fontWeight: 600,
            boxShadow: `inset 3px 0 0 ${theme.palette.primary.main}`,
          },
        }),
      },
    },
  },
};

/** Widths at or below this count as mobile: the sidebar starts closed. */
export const MOBILE_MAX_WIDTH = 768;
