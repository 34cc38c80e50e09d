import { PencilIcon, Trash2Icon } from 'lucide-react';
import { Button } from './button';
import type { Column } from './data-table';

type RowActionsProps = {
  /** The row's name, so each button says which row it acts on. */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
};

/** The Edit and Delete buttons of a table row. */
export function RowActions({ name, onEdit, onDelete }: RowActionsProps) {
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="sm" aria-label={`Edit ${name}`} onClick={onEdit}>
        <PencilIcon aria-hidden="true" className="size-4" />
        Edit
      </Button>
      <Button variant="ghost-danger" size="sm" aria-label={`Delete ${name}`} onClick={onDelete}>
        <Trash2Icon aria-hidden="true" className="size-4" />
        Delete
      </Button>
    </div>
  );
}

/** A table's last column: Edit and Delete for each row, named by `nameOf`. */
export function rowActionsColumn<Row>(
  nameOf: (row: NoInfer<Row>) => string,
  onEdit: (row: Row) => void,
  onDelete: (row: Row) => void,
): Column<Row> {
  return {
    header: 'Actions',
    className: 'text-right',
    cell: (row) => (
      <RowActions name={nameOf(row)} onEdit={() => onEdit(row)} onDelete={() => onDelete(row)} />
    ),
  };
}
