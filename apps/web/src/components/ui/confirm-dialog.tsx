import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button, buttonStyles } from './button';
import { FormAlert } from './form-alert';
import { useReturnFocus } from './return-focus';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** For a page in another language than English. */
  cancelLabel?: string;
  /** The confirm button's label while the action runs. */
  pendingLabel: string;
  pending: boolean;
  /** Why the last attempt failed, shown inside the dialog. */
  error?: string | undefined;
  onConfirm: () => void;
};

/**
 * Asks before a destructive action. It stays open while the action runs, so the outcome is seen
 * where it was asked for; Cancel (or Escape) is the safe default and receives the focus. On
 * closing, the focus goes back to what opened it (see return-focus).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  pendingLabel,
  pending,
  error,
  onConfirm,
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm motion-safe:animate-fade-in" />
        <AlertDialog.Content
          {...returnFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-slate-700 bg-slate-900 p-6 shadow-2xl shadow-black/50 motion-safe:animate-dialog-in"
        >
          <AlertDialog.Title className="text-xl font-bold text-white">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-300">
            {description}
          </AlertDialog.Description>
          {error ? (
            <div className="mt-4">
              <FormAlert>{error}</FormAlert>
            </div>
          ) : null}
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel disabled={pending} className={buttonStyles('secondary')}>
              {cancelLabel}
            </AlertDialog.Cancel>
            <Button variant="danger" onClick={onConfirm} disabled={pending}>
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
