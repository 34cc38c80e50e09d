import { useState } from 'react';
import { Outlet } from 'react-router';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { cx } from '../../lib/class-names';
import { AdminNav } from './admin-nav';
import { AdminTopBar } from './admin-top-bar';

const SIDEBAR_ID = 'admin-sidebar';

/**
 * The admin shell: from the md breakpoint a sidebar that folds down to icons, with the page beside
 * it; below, a bar whose menu opens the same links in a drawer, so the page has the whole width.
 */
export function AdminLayout() {
  const [sidebarOpen, setSidebarOpen] = useState(true);

  return (
    <div className="min-h-dvh bg-slate-950">
      <aside
        id={SIDEBAR_ID}
        aria-label="Admin"
        className={cx(
          'fixed inset-y-0 left-0 z-30 hidden flex-col border-r border-slate-800 bg-slate-900 transition-[width] duration-200 md:flex',
          sidebarOpen ? 'w-64' : 'w-20',
        )}
      >
        <div className="flex h-16 items-center justify-between gap-2 border-b border-slate-800 px-4">
          {sidebarOpen ? (
            <span className="truncate text-lg font-bold text-white">Admin Panel</span>
          ) : null}
          <button
            type="button"
            onClick={() => setSidebarOpen((open) => !open)}
            aria-expanded={sidebarOpen}
            aria-controls={SIDEBAR_ID}
            aria-label={sidebarOpen ? 'Collapse sidebar' : 'Expand sidebar'}
            className="mx-auto rounded-lg p-2 text-slate-300 transition-colors hover:bg-white/10 hover:text-white"
          >
            {sidebarOpen ? (
              <ChevronLeftIcon className="size-5" />
            ) : (
              <ChevronRightIcon className="size-5" />
            )}
          </button>
        </div>
        <AdminNav iconsOnly={!sidebarOpen} />
      </aside>
      <div
        className={cx(
          'flex min-h-dvh min-w-0 flex-col transition-[margin] duration-200',
          sidebarOpen ? 'md:ml-64' : 'md:ml-20',
        )}
      >
        <AdminTopBar />
        <main className="min-w-0 flex-1 p-4 sm:p-6 lg:p-10">
          <Outlet />
        </main>
        <footer className="border-t border-slate-800 px-4 py-4 text-center text-sm text-slate-400 sm:px-6 lg:px-10">
          © 2025 Admin Dashboard
        </footer>
      </div>
    </div>
  );
}
