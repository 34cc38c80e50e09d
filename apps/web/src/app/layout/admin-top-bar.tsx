import { useEffect, useState } from 'react';
import { MenuIcon } from 'lucide-react';
import { Drawer, DrawerContent, DrawerTrigger } from '../../components/ui/drawer';
import { AdminNav } from './admin-nav';

/** Where the sidebar takes over (Tailwind's md breakpoint, 48rem). */
const SIDEBAR_QUERY = '(min-width: 48rem)';

/**
 * Below the md breakpoint a sidebar beside the page would leave it too little room, so the admin
 * sections open in a drawer from this bar instead. Being a dialog, the drawer keeps the focus
 * while open and gives it back to the menu button when it closes.
 */
export function AdminTopBar() {
  const [open, setOpen] = useState(false);

  // A screen turned or widened past the breakpoint shows the sidebar, and no drawer over it.
  useEffect(() => {
    const wide = window.matchMedia(SIDEBAR_QUERY);
    const closeWhenWide = () => {
      if (wide.matches) setOpen(false);
    };
    wide.addEventListener('change', closeWhenWide);
    return () => wide.removeEventListener('change', closeWhenWide);
  }, []);

  return (
    <div className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-800 bg-slate-900 px-4 md:hidden">
      <Drawer open={open} onOpenChange={setOpen}>
        <DrawerTrigger
          aria-label="Open admin menu"
          className="rounded-lg p-2 text-slate-100 transition-colors hover:bg-white/10"
        >
          <MenuIcon aria-hidden="true" className="size-6" />
        </DrawerTrigger>
        <DrawerContent title="Admin Panel" closeLabel="Close admin menu" side="left">
          <div className="-mx-5 -mb-5 flex flex-1 flex-col">
            <AdminNav onNavigate={() => setOpen(false)} />
          </div>
        </DrawerContent>
      </Drawer>
      <span className="truncate text-lg font-bold text-white">Admin Panel</span>
    </div>
  );
}
