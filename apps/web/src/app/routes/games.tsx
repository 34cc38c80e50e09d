import { Page } from '../../components/ui/page';

export function GamesPage() {
  return (
    <Page
      title="Explore Our Games"
      description="Browse the Web3 games our community plays, from strategy to farming adventures."
    />
  );
}
