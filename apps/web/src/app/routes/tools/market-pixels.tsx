import { Page } from '../../../components/ui/page';
import { TOOL_CATALOG } from './tool-catalog';

export function MarketPixelsPage() {
  const { name, description } = TOOL_CATALOG.marketPixels;
  return <Page title={name} description={description} descriptionLang="id" />;
}
