import { Page } from '../../../components/ui/page';
import { TOOL_CATALOG } from './tool-catalog';

export function WalletTrackerPage() {
  const { name, description } = TOOL_CATALOG.walletTracker;
  return <Page title={name} description={description} descriptionLang="id" />;
}
