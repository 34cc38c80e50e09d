import type { TIncomeRecord } from '@nexusplay/contract/income';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { DownloadIcon, LogInIcon, PlusIcon } from 'lucide-react';
import { Button, buttonStyles } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { FormDialog } from '../../../components/ui/form-dialog';
import { SearchField } from '../../../components/ui/search-field';
import { SelectField } from '../../../components/ui/select-field';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import type { DisplayCurrency } from '../../../lib/format-money';
import { formatDay } from '../../../lib/format-date';
import { loginPathFor } from '../../../lib/redirect';
import { useDeleteConfirmation, useFormDialog } from '../../../lib/use-row-dialogs';
import { useExportIncomeMutation } from '../api/export-income';
import { incomeListQuery } from '../api/get-income';
import { pricesQuery } from '../api/get-prices';
import type { IncomeTokenConfig } from '../api/income-token';
import { useDeleteIncomeMutation } from '../api/manage-income';
import { CurrencyToggle } from '../../../components/ui/currency-toggle';
import { incomeColumns } from './income-columns';
import { IncomeChartSection } from './income-chart-section';
import {
  filterRecords,
  incomeRecordOf,
  monthlyNetIncome,
  MONTH_NAMES,
  totalsOf,
  type MonthFilter,
} from './income-figures';
import { IncomeForm } from './income-form';
import { IncomeSuggestions } from './income-suggestions';
import { IncomeTotals } from './income-totals';
import { TokenPrice } from './token-price';

type IncomeTrackerProps = { config: IncomeTokenConfig };

const EXPORT_FAILED = 'The records could not be exported.';

/** One page for both tokens (SPEC 2): the records, prices and totals of `config.token`. */
export function IncomeTracker({ config }: IncomeTrackerProps) {
  const { token, userId } = useAuth();
  const signedOut = token === null || userId === null;

  // SPEC 7: without a token or user id the page warns and loads nothing.
  useEffect(() => {
    if (signedOut) console.warn(`Income ${config.label}: no token or user id; nothing is loaded.`);
  }, [signedOut, config.label]);

  if (signedOut) return <SignInPrompt config={config} />;
  return <IncomeWorkspace config={config} userId={userId} />;
}

function SignInPrompt({ config }: IncomeTrackerProps) {
  const { pathname } = useLocation();
  return (
    <section
      aria-labelledby="income-sign-in-heading"
      className="mt-10 max-w-xl rounded-2xl border border-slate-800 bg-slate-900/60 p-6"
    >
      <h2 id="income-sign-in-heading" className="text-lg font-semibold text-white">
        Sign in to track your {config.label} income
      </h2>
      <p className="mt-2 text-slate-300">
        Your records are private to your account. Sign in to see them and add new ones.
      </p>
      <Link to={loginPathFor(pathname)} className={buttonStyles('primary', 'mt-5')}>
        <LogInIcon aria-hidden="true" className="size-4" />
        Sign In
      </Link>
    </section>
  );
}

function IncomeWorkspace({ config, userId }: IncomeTrackerProps & { userId: number }) {
  const [currency, setCurrency] = useState<DisplayCurrency>('usd');
  const [search, setSearch] = useState('');
  const [month, setMonth] = useState<MonthFilter>('all');
  const form = useFormDialog<TIncomeRecord>();
  const prices = useQuery(pricesQuery());
  const records = useQuery(incomeListQuery(config, userId));
  const deletion = useDeleteConfirmation<TIncomeRecord>(useDeleteIncomeMutation(config), {
    deleted: 'Income record deleted.',
  });

  // A poll that finds nothing new keeps the same data, so the rows and the chart are left alone.
  const rows = useMemo(() => records.data?.map(incomeRecordOf), [records.data]);
  const shown = rows && filterRecords(rows, { search, month });
  const months = useMemo(() => rows && monthlyNetIncome(rows, currency), [rows, currency]);
  const isFiltered = search.trim() !== '' || month !== 'all';

  const exportMutation = useExportIncomeMutation(config);

  const columns = incomeColumns({
    config,
    currency,
    onEdit: form.openEdit,
    onDelete: deletion.ask,
  });

  return (
    <div className="mt-10 space-y-6">
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-start">
        <TokenPrice
          config={config}
          prices={prices.data}
          failed={prices.isError}
          currency={currency}
        />
        <div className="flex flex-wrap items-center gap-3 lg:justify-end">
          <CurrencyToggle value={currency} onChange={setCurrency} />
          <Button onClick={form.openAdd}>
            <PlusIcon aria-hidden="true" className="size-4" />
            Add Income
          </Button>
        </div>
      </div>

      <IncomeTotals totals={shown && totalsOf(shown, currency)} currency={currency} />

      <IncomeChartSection
        months={months}
        pending={rows ? totalsOf(rows, currency).pending : 0}
        currency={currency}
      />

      <IncomeSuggestions config={config} userId={userId} />

      <section aria-labelledby="income-records-heading" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="income-records-heading" className="text-lg font-semibold text-white">
            Records
          </h2>
          <Button
            variant="secondary"
            onClick={() => exportMutation.mutate()}
            disabled={!rows?.length || exportMutation.isPending}
          >
            <DownloadIcon aria-hidden="true" className="size-4" />
            {exportMutation.isPending ? 'Exporting...' : 'Export CSV'}
          </Button>
          {exportMutation.error ? (
            // Refused downloads (one at a time, a few per server) say why; anything else, this.
            <p role="alert" className="basis-full text-sm text-red-400 lg:text-right">
              {exportMutation.error instanceof ApiError
                ? (exportMutation.error.serverMessage ?? EXPORT_FAILED)
                : EXPORT_FAILED}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-end gap-4">
          <SearchField
            label="Search by description or date"
            placeholder="Search by description or date..."
            value={search}
            onValueChange={setSearch}
            className="w-full max-w-md"
          />
          <SelectField
            label="Month"
            value={String(month)}
            onChange={(event) =>
              setMonth(event.target.value === 'all' ? 'all' : Number(event.target.value))
            }
            className="w-44"
          >
            <option value="all">All Months</option>
            {MONTH_NAMES.map((name, index) => (
              <option key={name} value={index + 1}>
                {name}
              </option>
            ))}
          </SelectField>
        </div>
        <DataTable
          caption={`Income ${config.label} records`}
          columns={columns}
          rows={shown ?? (records.isError ? [] : undefined)}
          rowKey={(record) => record.id}
          emptyText={
            records.isError
              ? 'Your records could not be loaded. They are tried again every few seconds.'
              : isFiltered
                ? 'No records match this search and month.'
                : 'No records yet. Add your first income to start tracking.'
          }
        />
      </section>

      <FormDialog
        open={form.open}
        onClose={form.close}
        title={form.row ? 'Edit Income' : 'Add Income'}
        description={`Every field is optional. The record is valued at the ${config.label} price of its date (today's price for today); without one yet, it shows as price pending until the price is known.`}
      >
        <IncomeForm config={config} record={form.row} onSaved={form.close} onCancel={form.close} />
      </FormDialog>

      <ConfirmDialog
        {...deletion.dialogProps}
        title="Delete record?"
        description={
          <>
            The income record of{' '}
            <strong className="text-white">
              {formatDay(deletion.row?.date) ?? deletion.row?.date}
            </strong>{' '}
            will be removed. This cannot be undone.
          </>
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        error={deletion.error ? 'Failed to delete the record.' : undefined}
      />
    </div>
  );
}
