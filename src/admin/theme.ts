import { defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** Pitlane's racing red. */
export const RACING_RED = '#C8102E';

/** The console's theme: react-admin's default light theme with the racing-red accent. */
export const theme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    mode: 'light',
    primary: { main: RACING_RED, contrastText: '#ffffff' },
    secondary: { main: '#1c1c1e', contrastText: '#ffffff' },
  },
};
