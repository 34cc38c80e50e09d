import { Page } from '../../../components/ui/page';
import { AXIE_INCOME } from '../../../features/income/api/income-token';
import { IncomeTracker } from '../../../features/income/components/income-tracker';
import { TOOL_CATALOG } from '../../../features/tools/components/tool-catalog';

export function IncomeAxiePage() {
  const { name, description } = TOOL_CATALOG.incomeAxie;
  return (
    <Page title={name} description={description} descriptionLang="id">
      <IncomeTracker config={AXIE_INCOME} />
    </Page>
  );
}
