import { Page } from '../../../components/ui/page';
import { MarketExplorer } from '../../../features/market/components/market-explorer';
import { TOOL_CATALOG } from '../../../features/tools/components/tool-catalog';

export function MarketPixelsPage() {
  const { name, description } = TOOL_CATALOG.marketPixels;
  return (
    <Page title={name} description={description} descriptionLang="id">
      <MarketExplorer />
    </Page>
  );
}
