import { Dialog as RadixDialog } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { XIcon } from 'lucide-react';

export const Drawer = RadixDialog.Root;
export const DrawerClose = RadixDialog.Close;

type DrawerContentProps = Omit<ComponentProps<typeof RadixDialog.Content>, 'title'> & {
  title: string;
  closeLabel: string;
  children: ReactNode;
};

/** A panel that slides in from the right edge; a dialog underneath, so focus stays inside it. */
export function DrawerContent({ title, closeLabel, children, ...props }: DrawerContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/60 motion-safe:animate-fade-in" />
      <RadixDialog.Content
        aria-describedby={undefined}
        className="fixed inset-y-0 right-0 z-50 flex w-64 flex-col overflow-y-auto border-l border-slate-800 bg-slate-950 p-5 shadow-2xl motion-safe:animate-slide-in-right"
        {...props}
      >
        <div className="mb-6 flex items-center justify-between">
          <RadixDialog.Title className="text-lg font-bold text-white">{title}</RadixDialog.Title>
          <RadixDialog.Close
            aria-label={closeLabel}
            className="rounded-md p-1.5 text-slate-300 transition-colors hover:bg-white/10 hover:text-white"
          >
            <XIcon className="size-5" aria-hidden="true" />
          </RadixDialog.Close>
        </div>
        {children}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
