import { screen, waitFor } from '@testing-library/react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { ConfirmDialog } from './confirm-dialog';
import { FormDialog } from './form-dialog';

function FormPanel() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add Wallet
      </button>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Add Wallet"
        description="A wallet."
      >
        <input aria-label="Name" />
        <button type="button" onClick={() => setOpen(false)}>
          Save
        </button>
      </FormDialog>
    </>
  );
}

function ConfirmPanel({ removeOpener = false }: { removeOpener?: boolean }) {
  const [open, setOpen] = useState(false);
  const [gone, setGone] = useState(false);
  return (
    <ul>
      <li>
        <button type="button">Edit first</button>
      </li>
      {gone ? null : (
        <li>
          <button type="button" onClick={() => setOpen(true)}>
            Delete second
          </button>
        </li>
      )}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete row?"
        description="It will be removed."
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={false}
        onConfirm={() => {
          if (removeOpener) setGone(true);
          setOpen(false);
        }}
      />
    </ul>
  );
}

function MenuPanel() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger>Row menu</DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content>
            <DropdownMenu.Item onSelect={() => setOpen(true)}>Delete</DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete row?"
        description="It will be removed."
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={false}
        onConfirm={() => setOpen(false)}
      />
    </>
  );
}

describe('dialogs give the focus back to what opened them', () => {
  it('a form dialog, closed with Escape or its own button', async () => {
    const { user } = renderWithProviders(<FormPanel />);
    const opener = screen.getByRole('button', { name: 'Add Wallet' });

    opener.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Add Wallet' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());

    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('a confirmation, closed with Cancel or Escape', async () => {
    const { user } = renderWithProviders(<ConfirmPanel />);
    const opener = screen.getByRole('button', { name: 'Delete second' });

    opener.focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());

    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('a confirmation whose opener is gone: the nearest control left', async () => {
    const { user } = renderWithProviders(<ConfirmPanel removeOpener />);
    screen.getByRole('button', { name: 'Delete second' }).focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit first' })).toHaveFocus());
  });

  it('a confirmation opened from a menu item: the button that opened the menu', async () => {
    const { user } = renderWithProviders(<MenuPanel />);
    const trigger = screen.getByRole('button', { name: 'Row menu' });
    trigger.focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  });
});
