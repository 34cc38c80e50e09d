import { PlusIcon } from 'lucide-react';
import { Button } from './button';

/** The button beside a list that opens its form to add an item ("Add Game"). */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <PlusIcon aria-hidden="true" className="size-4" />
      {label}
    </Button>
  );
}
