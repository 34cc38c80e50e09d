import { Button } from './button';

type FormActionsProps = {
  /** While the save is on its way, both buttons wait and Save says so. */
  pending: boolean;
  onCancel: () => void;
};

/** The Cancel and Save buttons that end every add and edit form. */
export function FormActions({ pending, onCancel }: FormActionsProps) {
  return (
    <div className="flex justify-end gap-3 border-t border-slate-800 pt-5">
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving...' : 'Save'}
      </Button>
    </div>
  );
}
