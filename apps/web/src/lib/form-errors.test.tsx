import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useFormFeedback } from '../components/ui/form-alert';
import { ApiError } from './api-client';
import { useSaveErrors, type SaveFailure } from './form-errors';

const ZValues = z.object({ name: z.string().min(1, 'Name is required.'), link: z.string() });
const OUTSIDE = ['image'] as const;

/** A form whose every save fails with `failure`, read by `describe` when one is given. */
function FailingForm({
  failure,
  describe,
}: {
  failure: Error;
  describe?: (error: Error, fallback: string) => SaveFailure;
}) {
  const [error, setError] = useState<Error | null>(null);
  const form = useForm({ resolver: zodResolver(ZValues), defaultValues: { name: 'x', link: '' } });
  const feedback = useFormFeedback(form, { reset: () => setError(null) });
  const alert = useSaveErrors(form, error, feedback, {
    outside: OUTSIDE,
    fallback: 'Failed.',
    describe,
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={feedback.submit(form.handleSubmit(() => setError(failure)))}>
      {alert ? <p role="alert">{alert}</p> : null}
      <input aria-label="Name" aria-description={errors.name?.message} {...form.register('name')} />
      <input aria-label="Link" aria-description={errors.link?.message} {...form.register('link')} />
      <p>Image: {errors.root?.image?.message}</p>
      <button type="button" onClick={() => form.clearErrors('root.image')}>
        Pick image
      </button>
      <button type="submit">Save</button>
    </form>
  );
}

describe('useSaveErrors', () => {
  it('puts field messages under their fields and drops one once its field changes', async () => {
    const user = userEvent.setup();
    const failure = new ApiError(400, {
      message: 'Validation failed.',
      errors: { name: 'Taken.', link: 'Unreachable.', image: 'Too large.' },
    });
    render(<FailingForm failure={failure} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // The messages are set in an effect after the failed save renders: wait for them.
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Taken.'),
    );
    expect(screen.getByRole('textbox', { name: 'Link' })).toHaveAccessibleDescription(
      'Unreachable.',
    );
    expect(screen.getByText('Image: Too large.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'y');
    await expect
      .poll(() => screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-description'))
      .toBeNull();
    expect(screen.getByRole('textbox', { name: 'Link' })).toHaveAccessibleDescription(
      'Unreachable.',
    );
    await user.click(screen.getByRole('button', { name: 'Pick image' }));
    expect(screen.queryByText('Image: Too large.')).not.toBeInTheDocument();
  });

  it('says above the form what no field of it is about', async () => {
    const user = userEvent.setup();
    render(
      <FailingForm
        failure={new ApiError(400, { message: 'No.', errors: { owner: 'Unknown.' } })}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown.');

    await user.type(screen.getByRole('textbox', { name: 'Link' }), 'z');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says and places what `describe` reads from the failure, and nothing else', async () => {
    const user = userEvent.setup();
    const failure = new ApiError(400, {
      message: 'Generic.',
      errors: { name: 'Taken.', link: 'Unreachable.' },
    });
    render(<FailingForm failure={failure} describe={onlyTheName} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Taken.'),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(/^Failed\. Generic\.$/);
    expect(screen.getByRole('textbox', { name: 'Link' })).not.toHaveAttribute('aria-description');
  });
});

/** Keeps the server's message about the name only, and words the one above the form itself. */
function onlyTheName(error: Error, fallback: string): SaveFailure {
  const name = error instanceof ApiError ? error.fieldErrors.name : undefined;
  return { fields: name ? { name } : {}, message: `${fallback} ${error.message}` };
}
