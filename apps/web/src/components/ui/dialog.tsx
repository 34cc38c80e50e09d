import { Dialog as RadixDialog } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cx } from '../../lib/class-names';
import { XIcon } from 'lucide-react';
import { useReturnFocus } from './return-focus';

export const Dialog = RadixDialog.Root;

const SIZE_CLASSES = {
  md: 'max-w-md',
  lg: 'max-w-2xl',
} as const;

type DialogContentProps = Omit<ComponentProps<typeof RadixDialog.Content>, 'title'> & {
  title: string;
  description: string;
  /** md suits a short form; lg a form with long text, an image or an editor. */
  size?: keyof typeof SIZE_CLASSES;
  children: ReactNode;
};

/**
 * A centred modal with its title, description and a close button. On closing, the focus goes back
 * to what opened it (see return-focus).
 */
export function DialogContent({
  title,
  description,
  size = 'md',
  children,
  className,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  const returnFocus = useReturnFocus(onOpenAutoFocus, onCloseAutoFocus);
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm motion-safe:animate-fade-in" />
      <RadixDialog.Content
        className={cx(
          'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-slate-700 bg-slate-900 p-6 shadow-2xl shadow-black/50 motion-safe:animate-dialog-in sm:p-8',
          SIZE_CLASSES[size],
          className,
        )}
        {...props}
        {...returnFocus}
      >
        <RadixDialog.Title className="pr-8 text-2xl font-bold text-white">
          {title}
        </RadixDialog.Title>
        <RadixDialog.Description className="mt-1 mb-6 text-sm text-slate-300">
          {description}
        </RadixDialog.Description>
        {children}
        <RadixDialog.Close
          aria-label="Close"
          className="absolute top-4 right-4 rounded-md p-1.5 text-slate-300 transition-colors hover:bg-white/10 hover:text-white"
        >
          <XIcon className="size-5" aria-hidden="true" />
        </RadixDialog.Close>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
