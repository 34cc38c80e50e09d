import { Page } from '../../../components/ui/page';
import { PIXELS_INCOME } from '../../../features/income/api/income-token';
import { IncomeTracker } from '../../../features/income/components/income-tracker';
import { TOOL_CATALOG } from '../../../features/tools/components/tool-catalog';

export function IncomePixelsPage() {
  const { name, description } = TOOL_CATALOG.incomePixels;
  return (
    <Page title={name} description={description} descriptionLang="id">
      <IncomeTracker config={PIXELS_INCOME} />
    </Page>
  );
}
