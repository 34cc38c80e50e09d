import { useQuery } from '@tanstack/react-query';
import { statsQuery, visitsQuery } from '../../../features/analytics/api/get-stats';
import { LatestArticles } from '../../../features/analytics/components/latest-articles';
import { StatCards } from '../../../features/analytics/components/stat-cards';
import { UserDistributionChart } from '../../../features/analytics/components/user-distribution-chart';
import { UserGrowthChart } from '../../../features/analytics/components/user-growth-chart';
import { WebsiteVisitsChart } from '../../../features/analytics/components/website-visits-chart';
import { AdminPage } from '../../../components/ui/admin-page';

export function AdminDashboardPage() {
  const stats = useQuery(statsQuery());
  const visits = useQuery(visitsQuery());

  return (
    <AdminPage
      title="Dashboard"
      description="Site statistics: users, articles, games and visitors at a glance."
    >
      <div className="mt-8 space-y-6">
        <StatCards stats={stats.data?.stats} failedToLoad={stats.isError} />
        <WebsiteVisitsChart items={visits.data} failedToLoad={visits.isError} />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <UserGrowthChart items={visits.data} failedToLoad={visits.isError} />
          <UserDistributionChart items={visits.data} failedToLoad={visits.isError} />
        </div>
        <LatestArticles articles={stats.data?.latest_blogs} failedToLoad={stats.isError} />
      </div>
    </AdminPage>
  );
}
