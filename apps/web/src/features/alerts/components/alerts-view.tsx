import type { TAlert } from '@nexusplay/contract/alerts';
import { useQuery } from '@tanstack/react-query';
import { BellPlusIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import type { Column } from '../../../components/ui/data-table';
import { DeleteDialog } from '../../../components/ui/delete-dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { PagedTable } from '../../../components/ui/paged-table';
import { RowActions } from '../../../components/ui/row-actions';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useDeleteConfirmation, useFormDialog } from '../../../lib/use-row-dialogs';
import { alertsQuery } from '../api/get-alerts';
import { useDeleteAlertMutation } from '../api/manage-alerts';
import { LastFired, LastPrice, MailState, StateBadge } from './alert-cells';
import { alertName, lineText } from './alert-display';
import { AlertForm } from './alert-form';
import { MailIncomeSwitch } from './mail-income-switch';

export const ALERTS_TEXTS = {
  failed: 'Your alerts could not be loaded. Reload the page to try again.',
  none: 'No price alerts yet. Set one up to hear when PIXEL, AXS, SLP or RON crosses a price you choose.',
  deleteFailed: 'The alert could not be deleted.',
  count: (count: number, max: number) => `${count} of ${max} alerts`,
  full: (max: number) =>
    `You have ${max} alerts, the most you can keep. Delete one to add another.`,
} as const;

const COLUMNS = (actions: (alert: TAlert) => ReactNode): Column<TAlert>[] => [
  {
    header: 'Token',
    rowHeader: true,
    className: 'font-semibold text-white',
    cell: (alert) => alert.token,
  },
  {
    header: 'Alert when',
    cell: (alert) => (
      <span className="flex flex-col">
        <span className="whitespace-nowrap text-white">{lineText(alert)}</span>
        <LastPrice alert={alert} />
      </span>
    ),
  },
  { header: 'Email', cell: (alert) => <MailState alert={alert} /> },
  { header: 'State', cell: (alert) => <StateBadge alert={alert} /> },
  { header: 'Last fired', cell: (alert) => <LastFired alert={alert} /> },
  { header: 'Actions', className: 'text-right', cell: actions },
];

/** The signed-in user's price alerts, and the switch that mails income arriving on chain. */
export function AlertsView() {
  const { userId } = useAuth();
  if (userId === null) return null;
  return <AlertsWorkspace userId={userId} />;
}

function AlertsWorkspace({ userId }: { userId: number }) {
  const reasonId = useId();
  const alerts = useQuery(alertsQuery(userId));
  const form = useFormDialog<TAlert>();
  const deletion = useDeleteConfirmation<TAlert>(useDeleteAlertMutation(), {
    deleted: 'Alert deleted.',
  });

  const list = alerts.data;
  const full = list !== undefined && list.data.length >= list.max;
  const rows = alerts.isError ? [] : list?.data;
  const emptyText = alerts.isError ? ALERTS_TEXTS.failed : ALERTS_TEXTS.none;
  const actions = (alert: TAlert) => (
    <RowActions
      name={alertName(alert)}
      onEdit={() => form.openEdit(alert)}
      onDelete={() => deletion.ask(alert)}
    />
  );

  return (
    <div className="mt-10 space-y-6">
      <MailIncomeSwitch userId={userId} />

      <section aria-labelledby={`${reasonId}-heading`} className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id={`${reasonId}-heading`} className="text-lg font-semibold text-white">
              Your alerts
            </h2>
            <p role="status" className="text-sm text-slate-400">
              {list ? ALERTS_TEXTS.count(list.data.length, list.max) : null}
            </p>
          </div>
          <Button
            onClick={form.openAdd}
            disabled={full}
            aria-describedby={full ? reasonId : undefined}
          >
            <BellPlusIcon aria-hidden="true" className="size-4" />
            New alert
          </Button>
        </div>
        {full ? (
          <p id={reasonId} className="text-sm text-amber-300">
            {ALERTS_TEXTS.full(list.max)}
          </p>
        ) : null}

        <div className="hidden md:block">
          <PagedTable
            caption="Your price alerts"
            columns={COLUMNS(actions)}
            rows={rows}
            rowKey={(alert) => alert.id}
            emptyText={{ none: emptyText }}
            skeletonRows={3}
          />
        </div>
        <AlertCards alerts={rows} emptyText={emptyText} actions={actions} />
      </section>

      <FormDialog
        open={form.open}
        onClose={form.close}
        title={form.row ? 'Edit alert' : 'New alert'}
        description={
          form.row
            ? 'A new token, direction, currency or price starts watching afresh.'
            : 'It goes off once when the price crosses your line, then waits for the price to go back before it can go off again.'
        }
      >
        <AlertForm alert={form.row} onSaved={form.close} onCancel={form.close} />
      </FormDialog>

      <DeleteDialog
        {...deletion.dialogProps}
        title="Delete alert?"
        name={deletion.row && alertName(deletion.row)}
        description="will stop watching the price. This cannot be undone."
        error={
          deletion.error
            ? deletion.error instanceof ApiError
              ? (deletion.error.serverMessage ?? ALERTS_TEXTS.deleteFailed)
              : ALERTS_TEXTS.deleteFailed
            : undefined
        }
      />
    </div>
  );
}

/** On a phone each alert is a card: nothing needs the width of a table row. */
function AlertCards({
  alerts,
  emptyText,
  actions,
}: {
  alerts: TAlert[] | undefined;
  emptyText: string;
  actions: (alert: TAlert) => ReactNode;
}) {
  if (alerts === undefined)
    return (
      <ul aria-busy="true" aria-label="Alerts loading" className="space-y-3 md:hidden">
        {Array.from({ length: 3 }, (_, index) => (
          <li key={index} className="rounded-xl border border-slate-800 bg-slate-900/60 p-4">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="mt-3 h-4 w-1/2" />
          </li>
        ))}
      </ul>
    );
  if (alerts.length === 0)
    return (
      <p className="rounded-xl border border-slate-800 bg-slate-900/60 px-4 py-8 text-center text-slate-400 md:hidden">
        {emptyText}
      </p>
    );
  return (
    <ul aria-label="Your price alerts" className="space-y-3 md:hidden">
      {alerts.map((alert) => (
        <li
          key={alert.id}
          className="min-w-0 rounded-xl border border-slate-800 bg-slate-900/60 p-4 text-sm text-slate-200"
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="text-base font-semibold text-white">{alertName(alert)}</p>
              <LastPrice alert={alert} />
            </div>
            <StateBadge alert={alert} />
          </div>
          <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5">
            <dt className="text-slate-400">Email</dt>
            <dd>
              <MailState alert={alert} />
            </dd>
            <dt className="text-slate-400">Last fired</dt>
            <dd>
              <LastFired alert={alert} />
            </dd>
          </dl>
          <div className="mt-3 border-t border-slate-800 pt-3">{actions(alert)}</div>
        </li>
      ))}
    </ul>
  );
}
