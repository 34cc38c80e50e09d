import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigation, type Location } from 'react-router';
import { discardPageData } from '../../lib/page-data';
import { DemoBanner } from './demo-banner';
import { OfflineNotice } from './offline-notice';
import { SignedOutNotice } from './signed-out-notice';

/**
 * Every page opened from the address bar starts with the key "default", so keyed by it alone the
 * position of one page would be restored on the next one typed in; such entries go by their path.
 */
function scrollKey(location: Location): string {
  return location.key === 'default' ? location.pathname : location.key;
}

export function RootLayout() {
  // By the time this first runs, the first screen has asked for what its HTML carried: its
  // route's loader ran before the first render, and the effects of the screen's own queries
  // before this one. What is left is not for the next screen.
  useEffect(discardPageData, []);
  return (
    <>
      <ScrollRestoration getKey={scrollKey} />
      <NavigationProgress />
      <SignedOutNotice />
      <DemoBanner />
      <OfflineNotice />
      <Outlet />
    </>
  );
}

/** Screens load on demand, so a slow network must not look like an unresponsive link. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden">
      <div className="h-full w-1/3 bg-indigo-400 motion-safe:animate-progress" />
    </div>
  );
}

/** Shown only while the first screen's code arrives. */
export function AppLoading() {
  return <div aria-busy="true" className="min-h-dvh" />;
}
