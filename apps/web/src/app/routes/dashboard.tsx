import { Page } from '../../components/ui/page';
import { AccountSummary } from '../../features/account/components/account-summary';
import { NotificationFeed } from '../../features/notifications/components/notification-feed';
import { useAuth } from '../../lib/auth';

export function DashboardPage() {
  const { user } = useAuth();
  return (
    <Page
      title="Dashboard"
      description={`Welcome back, ${user?.username || 'Guest'}! Here is your account and the latest news from the team.`}
    >
      <div className="mt-10 space-y-8">
        <AccountSummary />
        <section
          lang="id"
          aria-labelledby="notifications-heading"
          className="rounded-2xl border border-slate-800 bg-slate-900/60 p-6"
        >
          <h2 id="notifications-heading" className="text-lg font-semibold text-white">
            Notifikasi
          </h2>
          <p className="mt-1 text-sm text-slate-300">
            Pengumuman terbaru dari tim admin dan kabar untuk akun Anda.
          </p>
          <NotificationFeed />
        </section>
      </div>
    </Page>
  );
}
