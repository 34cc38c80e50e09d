import { zodResolver } from '@hookform/resolvers/zod';
import type { TIncomeRecord, TIncomeToken } from '@nexusplay/contract/income';
import { EXPENSE_DESCRIPTION_MAX } from '@nexusplay/contract/income';
import { useForm } from 'react-hook-form';
import { SaveForm, useSaveForm } from '../../../components/ui/save-form';
import { TextField } from '../../../components/ui/text-field';
import { SelectField } from '../../../components/ui/select-field';
import type { IncomeTokenConfig } from '../api/income-token';
import { useSaveIncomeMutation } from '../api/manage-income';

type IncomeFormProps = {
  config: IncomeTokenConfig;
  /** The record to edit; without one the form adds a new record. */
  record?: TIncomeRecord | undefined;
  onSaved: () => void;
  onCancel: () => void;
};

function expenseTypeOf(record: TIncomeRecord, token: TIncomeToken): 'usd' | TIncomeToken {
  return record.expense_type === token ? token : 'usd';
}

/** SPEC 5: every input is optional; an empty amount or expense counts as 0. */
export function IncomeForm({ config, record, onSaved, onCancel }: IncomeFormProps) {
  const form = useForm({
    resolver: zodResolver(config.schema),
    defaultValues: {
      income: record ? String(record.income) : '',
      expense: record ? String(record.expense) : '',
      expense_type: record ? expenseTypeOf(record, config.token) : 'usd',
      expense_description: record?.expense_description ?? '',
      date: record?.date ?? '',
    },
  });
  const save = useSaveForm(form, useSaveIncomeMutation(config), {
    variables: (values) => ({ id: record?.id, values }),
    onSaved,
    saved: record ? 'Income record updated.' : 'Income record added.',
    fallback: record ? 'Failed to update the record.' : 'Failed to add the record.',
  });

  return (
    <SaveForm save={save} onCancel={onCancel}>
      <TextField
        label={`${config.label} amount`}
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        placeholder="0"
        hint="Optional. Empty counts as 0."
        {...save.field('income')}
      />
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <TextField
          label="Expense"
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          placeholder="0"
          hint={`Optional. Dollars are kept to the cent, ${config.label} as whole tokens.`}
          {...save.field('expense')}
        />
        <SelectField label="Expense type" {...save.field('expense_type')}>
          <option value="usd">USD</option>
          <option value={config.token}>{config.label}</option>
        </SelectField>
      </div>
      <TextField
        label="Expense description"
        autoComplete="off"
        maxLength={EXPENSE_DESCRIPTION_MAX}
        placeholder="Seeds, land rent, energy..."
        {...save.field('expense_description')}
      />
      <TextField
        label="Date"
        type="date"
        hint="Optional. Leave it empty for today: the server's date is used."
        {...save.field('date')}
      />
    </SaveForm>
  );
}
