import { Page } from '../../../components/ui/page';
import { TOOL_CATALOG } from './tool-catalog';

export function IncomePixelsPage() {
  const { name, description } = TOOL_CATALOG.incomePixels;
  return <Page title={name} description={description} descriptionLang="id" />;
}
