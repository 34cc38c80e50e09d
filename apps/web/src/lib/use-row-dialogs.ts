import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../components/ui/toast';

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
  /** The toast that confirms the row is gone. */
  deleted?: string | undefined;
  /**
   * Given, a failure closes the confirmation and this toast tells it, for pages whose texts say so.
   * By default the confirmation stays open and shows why, so the user can try again.
   */
  failed?: string | undefined;
  onSuccess?: () => void;
  onError?: (error: TError) => void;
};

/**
 * The delete confirmation of a list page: which row it asks about, and the props that bind a
 * ConfirmDialog to the delete mutation. It closes once the row is gone, and the `deleted` toast
 * confirms it.
 */
export function useDeleteConfirmation<T extends { id: number }, TError = Error>(
  deletion: DeleteMutation<TError>,
  { deleted, failed, onSuccess, onError }: DeleteOptions<TError> = {},
) {
  const toast = useToast();
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
        if (deleted !== undefined) toast.success(deleted);
        onSuccess?.();
      },
      onError: (error) => {
        if (failed !== undefined) {
          close();
          toast.error(failed);
        }
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
