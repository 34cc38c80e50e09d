import { useQuery } from '@tanstack/react-query';
import { Page } from '../../components/ui/page';
import { toolsPageQuery } from '../../features/tools/api/get-tools';
import { ToolCard, ToolCardSkeleton } from '../../features/tools/components/tool-card';

/** The dashboard holds five tools (SPEC 2); as many placeholders keep the page from jumping. */
const EXPECTED_TOOLS = 5;

export function ToolsPage() {
  const tools = useQuery(toolsPageQuery());

  return (
    <Page
      title="Gaming Tools"
      descriptionLang="id"
      description="Alat bantu untuk mengelola wallet, tautan, pendapatan dan peluang market di game Web3 favoritmu."
    >
      <ul
        aria-busy={tools.isPending}
        className="mt-12 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3"
      >
        {tools.isPending
          ? Array.from({ length: EXPECTED_TOOLS }, (_, index) => (
              <li key={`placeholder-${index}`}>
                <ToolCardSkeleton />
              </li>
            ))
          : tools.data?.items.map((tool) => (
              <li key={tool.id}>
                <ToolCard tool={tool} />
              </li>
            ))}
      </ul>
    </Page>
  );
}
