import { useRef } from 'react';

/**
 * Where a modal sends the focus back when it closes.
 *
 * Radix returns the focus to a dialog's Trigger, but the dialogs of this app open from state (a
 * row's Edit button, an empty state's Add button, a menu item) and have no Trigger: left alone,
 * the focus falls to the page body. The opener is taken to be whatever had the focus outside
 * any dialog when the dialog opened; a menu item stands for the button that opened its menu,
 * since the menu is gone by the time the dialog closes. If the opener has left the page by then
 * (the row it belonged to was deleted, or an empty state gave way to the list), the focus goes to
 * a control of the same name nearby, else to the first control left in the nearest part of the
 * page that is still there.
 */

const MODAL_SELECTOR = '[role="dialog"], [role="alertdialog"]';
const TABBABLE_SELECTOR =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

let lastOutsideModal: HTMLElement | null = null;

/** A menu item stands for the button that opened its menu (Radix labels the menu by it). */
function standIn(element: HTMLElement): HTMLElement | null {
  const menu = element.closest<HTMLElement>('[role="menu"]');
  if (!menu) return element;
  const triggerId = menu.getAttribute('aria-labelledby');
  return triggerId ? document.getElementById(triggerId) : null;
}

function rememberFocus(event: FocusEvent) {
  const target = event.target;
  if (!(target instanceof HTMLElement) || target.closest(MODAL_SELECTOR)) return;
  lastOutsideModal = standIn(target) ?? lastOutsideModal;
}

if (typeof document !== 'undefined') {
  document.addEventListener('focusin', rememberFocus, true);
}

type Opener = {
  element: HTMLElement;
  /** Its ancestors, nearest first, to fall back on if it leaves the page. */
  ancestors: HTMLElement[];
  name: string;
};

function accessibleName(element: HTMLElement): string {
  return (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
}

function describeOpener(element: HTMLElement): Opener {
  const ancestors: HTMLElement[] = [];
  for (let node = element.parentElement; node; node = node.parentElement) ancestors.push(node);
  return { element, ancestors, name: accessibleName(element) };
}

function isVisible(element: HTMLElement): boolean {
  // Older engines (and the test DOM) lack checkVisibility: count the control as shown there.
  return typeof element.checkVisibility === 'function' ? element.checkVisibility() : true;
}

/** The opener, or what best stands for it once it has gone. */
function focusTarget(opener: Opener): HTMLElement | null {
  if (opener.element.isConnected) return opener.element;
  const area = opener.ancestors.find(
    (node) => node.isConnected && node !== document.body && node !== document.documentElement,
  );
  const scope = area ?? document.body;
  const candidates = [...scope.querySelectorAll<HTMLElement>(TABBABLE_SELECTOR)].filter(
    (candidate) => !candidate.closest(MODAL_SELECTOR) && isVisible(candidate),
  );
  const namesake = candidates.find(
    (candidate) =>
      candidate.tagName === opener.element.tagName && accessibleName(candidate) === opener.name,
  );
  return namesake ?? candidates[0] ?? null;
}

function openerNow(): Opener | null {
  const active = document.activeElement;
  const element =
    active instanceof HTMLElement && active !== document.body && !active.closest(MODAL_SELECTOR)
      ? standIn(active)
      : lastOutsideModal;
  return element ? describeOpener(element) : null;
}

type FocusHandler = ((event: Event) => void) | undefined;

/**
 * Handlers for a Radix Dialog or AlertDialog Content: they note the opener when the dialog opens
 * and give it the focus back when it closes. A caller's own handler runs first; if it prevents
 * the default, the caller has placed the focus itself.
 */
export function useReturnFocus(onOpenAutoFocus?: FocusHandler, onCloseAutoFocus?: FocusHandler) {
  const opener = useRef<Opener | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      opener.current = openerNow();
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      event.preventDefault();
      const target = opener.current ? focusTarget(opener.current) : null;
      opener.current = null;
      target?.focus();
    },
  };
}
