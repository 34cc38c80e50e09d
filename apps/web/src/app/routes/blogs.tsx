import { Page } from '../../components/ui/page';

export function BlogsPage() {
  return (
    <Page
      title="Blog"
      description="News, guides and insights from the Web3 gaming world, written for players and builders."
    />
  );
}
