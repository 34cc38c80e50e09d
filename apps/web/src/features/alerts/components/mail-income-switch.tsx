import { useQuery } from '@tanstack/react-query';
import { Switch } from 'radix-ui';
import { useId, useRef } from 'react';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { alertSettingsQuery } from '../api/get-alerts';
import { useSetMailIncomeMutation } from '../api/manage-alerts';

export const MAIL_INCOME_TEXTS = {
  label: 'Email me when chain income arrives',
  hint: 'Income that reaches a tracked wallet on chain is always in the bell; switched on, it is mailed to you too.',
  failed: 'The email setting could not be changed.',
  loadFailed: 'The email setting could not be loaded.',
} as const;

/** The per-user switch that mails "income arrived" besides the bell. */
export function MailIncomeSwitch({ userId }: { userId: number }) {
  const id = useId();
  const settings = useQuery(alertSettingsQuery(userId));
  const setMailIncome = useSetMailIncomeMutation(userId);
  const toast = useToast();
  // A quick double click reaches the handler twice before the switch is drawn disabled.
  const running = useRef(false);

  const change = (checked: boolean) => {
    if (running.current) return;
    running.current = true;
    setMailIncome
      .mutateAsync(checked)
      .then((answer) => toast.success(answer.message))
      .catch((error: unknown) =>
        toast.error(
          error instanceof ApiError
            ? (error.serverMessage ?? MAIL_INCOME_TEXTS.failed)
            : MAIL_INCOME_TEXTS.failed,
        ),
      )
      .finally(() => {
        running.current = false;
      });
  };

  return (
    <section
      aria-labelledby={`${id}-label`}
      className="flex items-start justify-between gap-4 rounded-xl border border-slate-800 bg-slate-900/60 p-4"
    >
      <div className="min-w-0">
        <label id={`${id}-label`} htmlFor={id} className="text-sm font-semibold text-white">
          {MAIL_INCOME_TEXTS.label}
        </label>
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-400">
          {MAIL_INCOME_TEXTS.hint}
        </p>
        {settings.isError ? (
          <p role="alert" className="mt-1 text-sm text-red-400">
            {MAIL_INCOME_TEXTS.loadFailed}
          </p>
        ) : null}
      </div>
      <Switch.Root
        id={id}
        aria-describedby={`${id}-hint`}
        checked={settings.data?.mail_income ?? false}
        disabled={!settings.data || setMailIncome.isPending}
        onCheckedChange={change}
        className="relative mt-0.5 h-6 w-11 shrink-0 rounded-full bg-slate-700 transition-colors disabled:opacity-60 data-[state=checked]:bg-indigo-500"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
    </section>
  );
}
