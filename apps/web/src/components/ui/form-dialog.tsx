import type { ReactNode } from 'react';
import { Dialog, DialogContent } from './dialog';

/**
 * The add and edit forms close only through their buttons, the close button or Escape: a stray
 * click beside a half-written form must not throw the work away.
 */
function keepOpenOnOutsideClick(event: Event) {
  event.preventDefault();
}

type FormDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  size?: 'md' | 'lg';
  children: ReactNode;
};

/** A modal holding an add or edit form; the form mounts afresh each time it opens. */
export function FormDialog({ open, onClose, title, description, size, children }: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      {open ? (
        <DialogContent
          title={title}
          description={description}
          size={size}
          onInteractOutside={keepOpenOnOutsideClick}
        >
          {children}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
