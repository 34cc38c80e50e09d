import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';

/** The add/edit form of a list page: closed, open to add a row, or open to edit one. */
export function useFormDialog<T>() {
  const [target, setTarget] = useState<{ row: T | undefined } | null>(null);
  return {
    open: target !== null,
    /** The row being edited; undefined while adding. */
    row: target?.row,
    openAdd: () => setTarget({ row: undefined }),
    openEdit: (row: T) => setTarget({ row }),
    close: () => setTarget(null),
  };
}

type DeleteMutation<TError> = Pick<
  UseMutationResult<unknown, TError, number>,
  'mutate' | 'reset' | 'isPending' | 'error'
>;

type DeleteOptions<TError> = {
  onSuccess?: () => void;
  onError?: (error: TError) => void;
  /**
   * Close the confirmation on a failure too, for pages that report the failure elsewhere (an
   * alert). By default it stays open and shows why, so the user can try again.
   */
  closeOnError?: boolean;
};

/**
 * The delete confirmation of a list page: which row it asks about, and the props that bind a
 * ConfirmDialog to the delete mutation. It closes once the row is gone.
 */
export function useDeleteConfirmation<T extends { id: number }, TError = Error>(
  deletion: DeleteMutation<TError>,
  { onSuccess, onError, closeOnError = false }: DeleteOptions<TError> = {},
) {
  const [row, setRow] = useState<T | null>(null);
  const close = () => {
    setRow(null);
    deletion.reset();
  };
  const confirm = () => {
    if (!row) return;
    deletion.mutate(row.id, {
      onSuccess: () => {
        close();
        onSuccess?.();
      },
      onError: (error) => {
        if (closeOnError) close();
        onError?.(error);
      },
    });
  };
  return {
    /** The row the confirmation asks about, or null while it is closed. */
    row,
    ask: (target: T) => setRow(target),
    /** Why the last attempt failed, or null. */
    error: deletion.error,
    /** Spread into a ConfirmDialog. */
    dialogProps: {
      open: row !== null,
      onOpenChange: (open: boolean) => {
        if (!open) close();
      },
      pending: deletion.isPending,
      onConfirm: confirm,
    },
  };
}
