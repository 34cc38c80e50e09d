import { Page } from '../../components/ui/page';
import { ActivityView } from '../../features/activity/components/activity-view';

export function ActivityPage() {
  return (
    <Page
      title="Activity"
      description="Token transfers in and out of your tracked wallets, read from the Ronin chain."
    >
      <ActivityView />
    </Page>
  );
}
