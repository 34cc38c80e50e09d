import { zodResolver } from '@hookform/resolvers/zod';
import {
  ALERT_CURRENCIES,
  ALERT_DIRECTIONS,
  ALERT_TOKENS,
  ZCreateAlertRequest,
  type TAlert,
  type TAlertCurrency,
  type TAlertDirection,
} from '@nexusplay/contract/alerts';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { SaveForm, useSaveForm } from '../../../components/ui/save-form';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useSaveAlertMutation } from '../api/manage-alerts';

const DIRECTION_OPTIONS: Record<TAlertDirection, string> = {
  above: 'Rises above',
  below: 'Falls below',
};

const CURRENCY_OPTIONS: Record<TAlertCurrency, string> = { usd: 'USD', idr: 'IDR' };

const PRICE_HINTS: Record<TAlertCurrency, string> = {
  usd: 'In US dollars, with a dot before the cents: 0.0512.',
  idr: 'In rupiah, without thousands separators: 1250.',
};

type AlertFormProps = {
  /** The alert to edit; without one the form sets up a new alert. */
  alert?: TAlert | undefined;
  onSaved: () => void;
  onCancel: () => void;
};

export function AlertForm({ alert, onSaved, onCancel }: AlertFormProps) {
  const form = useForm({
    resolver: zodResolver(ZCreateAlertRequest),
    defaultValues: {
      token: alert?.token ?? 'PIXEL',
      direction: alert?.direction ?? 'above',
      currency: alert?.currency ?? 'usd',
      price: alert ? String(alert.price) : '',
      mail: alert?.mail ?? false,
    },
  });
  const currency = useWatch({ control: form.control, name: 'currency' });
  const save = useSaveForm(form, useSaveAlertMutation(), {
    variables: (values) =>
      alert ? { id: alert.id, alert: values } : { id: undefined, alert: values },
    onSaved,
    // The server's own words: "Alert created." or "Alert updated."
    saved: (answer) => answer.message,
    fallback: alert ? 'The alert could not be saved.' : 'The alert could not be created.',
  });
  const { error: mailError, ...mail } = save.field('mail');
  const mailId = useId();

  return (
    <SaveForm save={save} onCancel={onCancel}>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <SelectField label="Token" {...save.field('token')}>
          {ALERT_TOKENS.map((token) => (
            <option key={token} value={token}>
              {token}
            </option>
          ))}
        </SelectField>
        <SelectField label="When the price" {...save.field('direction')}>
          {ALERT_DIRECTIONS.map((direction) => (
            <option key={direction} value={direction}>
              {DIRECTION_OPTIONS[direction]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Currency" {...save.field('currency')}>
          {ALERT_CURRENCIES.map((option) => (
            <option key={option} value={option}>
              {CURRENCY_OPTIONS[option]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Price"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder={currency === 'idr' ? '1250' : '0.0512'}
          hint={PRICE_HINTS[currency]}
          {...save.field('price')}
        />
      </div>
      <div className="flex items-start gap-3">
        <input
          id={mailId}
          type="checkbox"
          aria-describedby={`${mailId}-hint`}
          className="mt-0.5 size-4 shrink-0 accent-indigo-500"
          {...mail}
        />
        <div>
          <label htmlFor={mailId} className="text-sm font-medium text-slate-200">
            Also send me an email
          </label>
          <p id={`${mailId}-hint`} className="text-xs text-slate-400">
            Each time this alert goes off, besides the notification in the bell.
          </p>
          {mailError ? <p className="text-sm text-red-400">{mailError}</p> : null}
        </div>
      </div>
    </SaveForm>
  );
}
