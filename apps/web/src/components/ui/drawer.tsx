import { Dialog as RadixDialog } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { XIcon } from 'lucide-react';

export const Drawer = RadixDialog.Root;
export const DrawerTrigger = RadixDialog.Trigger;
export const DrawerClose = RadixDialog.Close;

const SIDE_CLASSES = {
  right: 'right-0 border-l motion-safe:animate-slide-in-right',
  left: 'left-0 border-r motion-safe:animate-slide-in-left',
} as const;

type DrawerContentProps = Omit<ComponentProps<typeof RadixDialog.Content>, 'title'> & {
  title: string;
  closeLabel: string;
  /** The edge it slides in from: the side where the same links sit on a wide screen. */
  side?: keyof typeof SIDE_CLASSES;
  children: ReactNode;
};

/** A panel that slides in from an edge; a dialog underneath, so focus stays inside it. */
export function DrawerContent({
  title,
  closeLabel,
  side = 'right',
  children,
  ...props
}: DrawerContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/60 motion-safe:animate-fade-in" />
      <RadixDialog.Content
        aria-describedby={undefined}
        className={`fixed inset-y-0 z-50 flex w-64 max-w-[85vw] flex-col overflow-y-auto border-slate-800 bg-slate-950 p-5 shadow-2xl ${SIDE_CLASSES[side]}`}
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
