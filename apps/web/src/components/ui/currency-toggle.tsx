import type { DisplayCurrency } from '../../lib/format-money';
import { cx } from '../../lib/class-names';

const OPTIONS: { value: DisplayCurrency; label: string }[] = [
  { value: 'usd', label: 'USD' },
  { value: 'idr', label: 'IDR' },
];

type CurrencyToggleProps = {
  value: DisplayCurrency;
  onChange: (currency: DisplayCurrency) => void;
};

/** Two pressed-or-not buttons: each says what it shows, and the pressed one is announced. */
export function CurrencyToggle({ value, onChange }: CurrencyToggleProps) {
  return (
    <div
      role="group"
      aria-label="Display currency"
      className="inline-flex rounded-lg border border-slate-600 bg-slate-950/60 p-1"
    >
      {OPTIONS.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={cx(
            'rounded-md px-3 py-1.5 text-sm font-semibold transition-colors',
            value === option.value
              ? 'bg-indigo-600 text-white'
              : 'text-slate-300 hover:bg-white/10 hover:text-white',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
