import type { ComponentProps, ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';

type DeleteDialogProps = Omit<
  ComponentProps<typeof ConfirmDialog>,
  'confirmLabel' | 'pendingLabel' | 'description'
> & {
  /** The item's name, in bold before the description; none when the description names it itself. */
  name?: ReactNode;
  description: ReactNode;
};

/** Asks before a row of a list is deleted: Delete, and Deleting... while it goes. */
export function DeleteDialog({ name, description, ...props }: DeleteDialogProps) {
  return (
    <ConfirmDialog
      {...props}
      description={
        name === undefined ? (
          description
        ) : (
          <>
            <strong className="text-white">{name}</strong> {description}
          </>
        )
      }
      confirmLabel="Delete"
      pendingLabel="Deleting..."
    />
  );
}
