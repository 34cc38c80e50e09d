import { screen } from '@testing-library/react';
import { incomeDateAfterToday } from '@nexusplay/contract/income';
import { describe, expect, it, vi } from 'vitest';
import { sentBody, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { PIXELS_INCOME } from '../api/income-token';
import { IncomeForm } from './income-form';

describe('IncomeForm', () => {
  it("shows the server's refusal of a day after today under the Date field", async () => {
    const refused = incomeDateAfterToday('2026-11-27');
    const fetchMock = stubFetch({
      status: 400,
      body: { message: refused, errors: { date: refused } },
    });
    const onSaved = vi.fn();
    const { user } = renderWithProviders(
      <IncomeForm config={PIXELS_INCOME} onSaved={onSaved} onCancel={() => {}} />,
    );
    await user.type(screen.getByLabelText('Pixels amount'), '100');
    await user.type(screen.getByLabelText('Date'), '2027-01-15');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const date = screen.getByLabelText('Date');
    await vi.waitFor(() => expect(date).toHaveAttribute('aria-invalid', 'true'));
    expect(date).toHaveAccessibleDescription(expect.stringContaining(refused));
    expect(sentBody(fetchMock)).toMatchObject({ date: '2027-01-15' });
    expect(onSaved).not.toHaveBeenCalled();
    // The date is kept for the user to correct, and the message goes once they do.
    expect(date).toHaveValue('2027-01-15');
    await user.clear(date);
    await user.type(date, '2026-11-20');
    expect(screen.queryByText(refused)).not.toBeInTheDocument();
  });

  it('shows the cap (409) when one record too many is added, and keeps the form', async () => {
    const capped =
      'You can keep at most 50,000 income records in this tracker. Delete some to add more.';
    stubFetch({ status: 409, body: { message: capped } });
    const onSaved = vi.fn();
    const { user } = renderWithProviders(
      <IncomeForm config={PIXELS_INCOME} onSaved={onSaved} onCancel={() => {}} />,
    );
    await user.type(screen.getByLabelText('Pixels amount'), '100');
    await user.type(screen.getByLabelText('Date'), '2026-11-20');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(capped);
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Pixels amount')).toHaveValue(100);
  });
});
