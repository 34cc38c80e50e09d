import { Page } from '../../components/ui/page';
import { AccountSettings } from '../../features/account/components/account-page';

export function AccountPage() {
  return (
    <Page title="Account" description="Your password, your sessions and your data.">
      <AccountSettings />
    </Page>
  );
}
