import { Page } from '../../../components/ui/page';
import { TOOL_CATALOG } from '../../../features/tools/components/tool-catalog';
import { WalletTracker } from '../../../features/wallets/components/wallet-tracker';

export function WalletTrackerPage() {
  const { name, description } = TOOL_CATALOG.walletTracker;
  return (
    <Page title={name} description={description} descriptionLang="id">
      <WalletTracker />
    </Page>
  );
}
