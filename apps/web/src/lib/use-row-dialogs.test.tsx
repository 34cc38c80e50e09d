import { useMutation } from '@tanstack/react-query';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../components/ui/confirm-dialog';
import { FormDialog } from '../components/ui/form-dialog';
import { renderWithProviders } from '../test/render-with-providers';
import { useDeleteConfirmation, useFormDialog } from './use-row-dialogs';

type Row = { id: number; name: string };
const ROW: Row = { id: 7, name: 'Ronin wallet' };

function DeletePanel({
  remove,
  failed,
  onSuccess,
  onError,
}: {
  remove: (id: number) => Promise<void>;
  failed?: string;
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}) {
  const deletion = useDeleteConfirmation<Row>(
    useMutation<void, Error, number>({ mutationFn: remove }),
    {
      deleted: 'Row deleted.',
      failed,
      onSuccess,
      onError,
    },
  );
  return (
    <>
      <button type="button" onClick={() => deletion.ask(ROW)}>
        Delete {ROW.name}
      </button>
      <ConfirmDialog
        {...deletion.dialogProps}
        title="Delete row?"
        description={<>{deletion.row?.name} will be removed.</>}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        error={deletion.error ? 'Failed to delete row.' : undefined}
      />
    </>
  );
}

describe('useDeleteConfirmation', () => {
  it('asks about the chosen row, deletes it by id, closes and confirms with the toast', async () => {
    const remove = vi.fn(() => Promise.resolve());
    const onSuccess = vi.fn();
    const { user } = renderWithProviders(<DeletePanel remove={remove} onSuccess={onSuccess} />);

    await user.click(screen.getByRole('button', { name: 'Delete Ronin wallet' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete row?' });
    expect(dialog).toHaveTextContent('Ronin wallet will be removed.');
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(remove).toHaveBeenCalledWith(7, expect.anything());
    expect(onSuccess).toHaveBeenCalledOnce();
    expect(screen.getByText('Row deleted.')).toBeInTheDocument();
  });

  it('stays open with the failure, and forgets it once closed', async () => {
    const remove = vi.fn(() => Promise.reject(new Error('refused')));
    const { user } = renderWithProviders(<DeletePanel remove={remove} />);

    await user.click(screen.getByRole('button', { name: 'Delete Ronin wallet' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete row.')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(screen.queryByText('Row deleted.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Ronin wallet' }));
    expect(screen.getByRole('alertdialog')).not.toHaveTextContent('Failed to delete row.');
  });

  it('closes on a failure and tells it in the toast when given its text', async () => {
    const remove = vi.fn(() => Promise.reject(new Error('refused')));
    const onError = vi.fn();
    const { user } = renderWithProviders(
      <DeletePanel remove={remove} failed="Row not deleted." onError={onError} />,
    );

    await user.click(screen.getByRole('button', { name: 'Delete Ronin wallet' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    await vi.waitFor(() => expect(onError).toHaveBeenCalledOnce());
    expect(onError.mock.calls[0]?.[0]).toEqual(new Error('refused'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('Row not deleted.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to delete row.')).not.toBeInTheDocument();
  });
});

function FormPanel() {
  const form = useFormDialog<Row>();
  return (
    <>
      <button type="button" onClick={form.openAdd}>
        Add row
      </button>
      <button type="button" onClick={() => form.openEdit(ROW)}>
        Edit row
      </button>
      <FormDialog
        open={form.open}
        onClose={form.close}
        title={form.row ? 'Edit Row' : 'Add Row'}
        description="The name is required."
      >
        <label>
          Name
          <input defaultValue={form.row?.name ?? ''} />
        </label>
        <button type="button" onClick={form.close}>
          Save
        </button>
      </FormDialog>
    </>
  );
}

describe('useFormDialog and FormDialog', () => {
  it('opens empty to add and filled to edit, and closes through the form', async () => {
    const { user } = renderWithProviders(<FormPanel />);

    await user.click(screen.getByRole('button', { name: 'Add row' }));
    expect(screen.getByRole('dialog', { name: 'Add Row' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit row' }));
    expect(screen.getByRole('dialog', { name: 'Edit Row' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Ronin wallet');
  });

  it('keeps a half-written form on a click outside, and closes on Escape', async () => {
    const { user } = renderWithProviders(<FormPanel />);

    await user.click(screen.getByRole('button', { name: 'Add row' }));
    await user.type(screen.getByLabelText('Name'), 'Half');
    // The modal makes the rest of the page inert to pointers, so the press and click are sent
    // straight to the page, where Radix listens for them.
    fireEvent.pointerDown(document.body);
    fireEvent.click(document.body);
    expect(screen.getByRole('dialog', { name: 'Add Row' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Half');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
