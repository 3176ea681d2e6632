import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import HomeIcon from '@mui/icons-material/Home';
import { styled } from '@mui/material/styles';
import { AppBar, Loading, LoadingIndicator, Menu, Sidebar, SkipNavigationButton, TitlePortal, useGetIdentity, usePermissions, UserMenu } from 'react-admin';
import { canUseConsole } from '../session';
import { AccessDeniedPage } from './AccessDeniedPage';

/**
 * The account menu, whose accessible name starts with the name it shows (WCAG 2.5.3 "Label in Name"; the
 * stock menu button reads "Profile" while it shows the admin's name).
 */
const PitlaneUserMenu = () => {
  const { identity } = useGetIdentity();
  return <UserMenu label={identity?.fullName ? `${identity.fullName}: account menu` : 'Account menu'} />;
};

/** Spec 001 §2: the admin dashboard links back home; the console keeps that link in its app bar on every page. */
export const HOME_LINK_TEXT = 'Back to Pitlane';

/**
 * The way back to the web app's home page (a full navigation: the web app is another single-page app). Its text
 * hides on phones, where the icon stays and the accessible name keeps the words.
 */
const HomeLink = () => (
  <Button
    color="inherit"
    href="/"
    startIcon={<HomeIcon />}
    aria-label={HOME_LINK_TEXT}
    sx={{ mr: 1, whiteSpace: 'nowrap', flexShrink: 0, minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
  >
    <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
      {HOME_LINK_TEXT}
    </Box>
  </Button>
);

/** Right of the title: the link home, then react-admin's loading indicator (the stock tools' only one in use here). */
const APP_BAR_TOOLS = (
  <>
    <HomeLink />
    <LoadingIndicator />
  </>
);

/** The app bar: the Pitlane Admin brand in racing red, then the current page's title, the page's h1, and the link home. */
export const PitlaneAppBar = () => (
  <AppBar color="primary" userMenu={<PitlaneUserMenu />} toolbar={APP_BAR_TOOLS}>
    {/* On a phone the page's title needs the room, beside the menu button and the icons: the brand steps aside. */}
    <Typography
      component="span"
      variant="h6"
      sx={{ fontWeight: 700, letterSpacing: 0.5, mr: 2, whiteSpace: 'nowrap', display: { xs: 'none', sm: 'inline' } }}
    >
      Pitlane Admin
    </Typography>
    <Box component="span" sx={{ opacity: 0.6, mr: 2, display: { xs: 'none', sm: 'inline' } }}>
      |
    </Box>
    <TitlePortal component="h1" />
  </AppBar>
);

/**
 * Every console page goes through this layout. It renders the pages (and so the resources) only
 * for an admin; any other signed-in user gets the access-denied screen instead, whatever the URL.
 */
export const PitlaneLayout = ({ children }: { children: ReactNode }) => {
  const { permissions, isPending } = usePermissions();
  if (isPending) return <Loading />;
  if (!canUseConsole(permissions)) return <AccessDeniedPage />;
  return <ConsoleLayout>{children}</ConsoleLayout>;
};

// react-admin's error page (with its title editor) loads when a page fails.
const ErrorPage = lazy(async () => ({ default: (await import('./rareScreens')).Error }));

/** A page that throws shows react-admin's error page in the layout; the page resets it when the location changes. */
class PageErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null; info?: ErrorInfo }> {
  override state: { error: Error | null; info?: ErrorInfo } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(_error: Error, info: ErrorInfo) {
    this.setState({ info });
  }

  override render() {
    const { error, info } = this.state;
    if (!error) return this.props.children;
    return (
      <Suspense fallback={null}>
        <ErrorPage error={error} errorInfo={info} resetErrorBoundary={() => this.setState({ error: null, info: undefined })} />
      </Suspense>
    );
  }
}

/**
 * react-admin's <Layout> (same parts, classes and styles) without its preferences inspector and with the error
 * page loaded on demand: both brought the title editor and MUI's form inputs into the console's first screen.
 */
function ConsoleLayout({ children }: { children: ReactNode }) {
  return (
    <Frame className="layout">
      <SkipNavigationButton />
      <div className={classes.appFrame}>
        <PitlaneAppBar />
        <main className={classes.contentWithSidebar}>
          <Sidebar>
            <Menu />
          </Sidebar>
          <div id="main-content" className={classes.content}>
            <PageErrorBoundary>
              <Suspense fallback={<Loading />}>{children}</Suspense>
            </PageErrorBoundary>
          </div>
        </main>
      </div>
    </Frame>
  );
}

const PREFIX = 'RaLayout';
const classes = {
  appFrame: `${PREFIX}-appFrame`,
  contentWithSidebar: `${PREFIX}-contentWithSidebar`,
  content: `${PREFIX}-content`,
};

const Frame = styled('div', { name: PREFIX, overridesResolver: (_props, styles) => styles.root })(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  zIndex: 1,
  minHeight: '100vh',
  backgroundColor: (theme.vars || theme).palette.background.default,
  position: 'relative',
  // Not react-admin's minWidth: fit-content, which widened the whole page to its widest table: at 1280 px the
  // Active Listings, Seller Analytics, Badges and Policy & Compliance pages scrolled sideways, app bar and all
  // (issue 34). The page keeps the window's width; a table wider than its card scrolls inside the card.
  minWidth: 0,
  width: '100%',
  [`& .${classes.appFrame}`]: {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    marginTop: theme.spacing(6),
    [theme.breakpoints.down('sm')]: { marginTop: theme.spacing(7) },
  },
  [`& .${classes.contentWithSidebar}`]: {
    display: 'flex',
    flexGrow: 1,
    transition: theme.transitions.create('margin', {
      easing: theme.transitions.easing.easeOut,
      duration: theme.transitions.duration.enteringScreen,
    }),
  },
  [`& .${classes.content}`]: {
    backgroundColor: (theme.vars || theme).palette.background.default,
    zIndex: 2,
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    flexBasis: 0,
    // A flex item shrinks below its content's width only with this: the content column fits beside the menu.
    minWidth: 0,
    padding: 0,
    // A list's card scrolls a wide table sideways within itself; its filters and title stay put.
    '& .RaList-main': { minWidth: 0 },
    '& .RaList-content': { overflowX: 'auto' },
    [theme.breakpoints.up('xs')]: { paddingRight: theme.spacing(1), paddingLeft: theme.spacing(1) },
  },
}));
