import { Outlet, ScrollRestoration, useNavigation } from 'react-router';

export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <NavigationProgress />
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
