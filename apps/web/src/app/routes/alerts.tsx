import { Page } from '../../components/ui/page';
import { AlertsView } from '../../features/alerts/components/alerts-view';

export function AlertsPage() {
  return (
    <Page
      title="Price alerts"
      description="Hear from us when PIXEL, AXS, SLP or RON crosses a price you choose, in the bell and by email if you like; income arriving on chain can be emailed too."
    >
      <AlertsView />
    </Page>
  );
}
