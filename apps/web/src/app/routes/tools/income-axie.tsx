import { Page } from '../../../components/ui/page';
import { TOOL_CATALOG } from './tool-catalog';

export function IncomeAxiePage() {
  const { name, description } = TOOL_CATALOG.incomeAxie;
  return <Page title={name} description={description} descriptionLang="id" />;
}
