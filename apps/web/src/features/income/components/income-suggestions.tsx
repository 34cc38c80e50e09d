import {
  INCOME_TOKEN_SYMBOL,
  suggestionText,
  type TIncomeAutoWallet,
  type TIncomeSuggestion,
} from '@nexusplay/contract/income-suggestions';
import { useQuery } from '@tanstack/react-query';
import { ChevronRightIcon } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useId, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { formatIdr, formatUsd } from '../../../lib/format-money';
import {
  autoAddQuery,
  suggestionsQuery,
  useAcceptAllMutation,
  useAcceptSuggestionMutation,
  useIgnoreSuggestionMutation,
  useSetAutoAddMutation,
} from '../api/income-suggestions';
import type { IncomeTokenConfig } from '../api/income-token';

type SuggestionsProps = { config: IncomeTokenConfig; userId: number };

/** The server's reason when it gave one, else `fallback`. */
function reasonOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;
}

/**
 * Runs an action unless the last one is still under way. A quick double click reaches a button's
 * handler twice before the button is drawn disabled, so its pending state alone cannot stop it.
 */
function useOneAtATime() {
  const running = useRef(false);
  const toast = useToast();
  /**
   * The answer's message, or the reason it failed, goes to the toast. Awaited rather than left to
   * mutate's callbacks, which are dropped once the row has gone (as an added suggestion does).
   */
  return <T extends { message: string }>(start: () => Promise<T>, failed: string) => {
    if (running.current) return;
    running.current = true;
    start()
      .then((answer) => toast.success(answer.message))
      .catch((error: unknown) => toast.error(reasonOf(error, failed)))
      .finally(() => {
        running.current = false;
      });
  };
}

/**
 * Income found on chain, above the records: each incoming transfer of the tracker's token to one
 * of the user's wallets, to add as a record or ignore, and each wallet's switch that adds them
 * without a click. Nothing shows for a user with no wallets and nothing found.
 */
export function IncomeSuggestions({ config, userId }: SuggestionsProps) {
  const symbol = INCOME_TOKEN_SYMBOL[config.token];
  const suggestions = useQuery(suggestionsQuery(config, userId));
  const auto = useQuery(autoAddQuery(config, userId));
  const acceptAll = useAcceptAllMutation(config);
  const oneAtATime = useOneAtATime();

  const shown = suggestions.data?.data ?? [];
  const total = suggestions.data?.total ?? 0;
  const wallets = auto.data?.data ?? [];
  if (shown.length === 0 && wallets.length === 0 && !suggestions.isError) return null;

  const addAll = () =>
    oneAtATime(
      () => acceptAll.mutateAsync(shown.map((suggestion) => suggestion.id)),
      'The suggestions could not be added.',
    );

  return (
    <section
      aria-labelledby={`suggestions-${config.token}-heading`}
      className="space-y-4 rounded-2xl border border-indigo-500/30 bg-indigo-950/20 p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2
            id={`suggestions-${config.token}-heading`}
            className="text-lg font-semibold text-white"
          >
            Found on chain
          </h2>
          <p className="mt-1 text-sm text-slate-300">
            {symbol} that arrived in your tracked wallets from elsewhere. Moves between your own
            wallets are never offered.
          </p>
        </div>
        {shown.length > 1 ? (
          <Button onClick={addAll} disabled={acceptAll.isPending}>
            {acceptAll.isPending ? 'Adding...' : 'Add all'}
          </Button>
        ) : null}
      </div>

      {suggestions.isError && !suggestions.data ? (
        <p className="text-sm text-red-400">
          The income found on chain could not be loaded. It is tried again shortly.
        </p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-slate-400">No new {symbol} has arrived.</p>
      ) : (
        <>
          <ul aria-label={`${symbol} found on chain`} className="divide-y divide-slate-800">
            {shown.map((suggestion) => (
              <SuggestionRow
                key={suggestion.id}
                config={config}
                suggestion={suggestion}
                busy={acceptAll.isPending}
              />
            ))}
          </ul>
          {total > shown.length ? (
            <p className="text-sm text-slate-400">
              Showing the newest {shown.length} of {total}; Add all takes these {shown.length}.
            </p>
          ) : null}
        </>
      )}

      {wallets.length > 0 ? (
        <AutoAddSwitches config={config} userId={userId} wallets={wallets} symbol={symbol} />
      ) : null}
    </section>
  );
}

function SuggestionRow({
  config,
  suggestion,
  busy,
}: {
  config: IncomeTokenConfig;
  suggestion: TIncomeSuggestion;
  busy: boolean;
}) {
  const accept = useAcceptSuggestionMutation(config);
  const ignore = useIgnoreSuggestionMutation(config);
  const oneAtATime = useOneAtATime();
  const disabled = busy || accept.isPending || ignore.isPending;
  const text = suggestionText(suggestion);

  return (
    <li className="py-3 first:pt-0 last:pb-0">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-2 text-sm text-slate-100">
        <span className="w-full min-w-0 wrap-anywhere sm:w-auto">{text}</span>
        <span aria-hidden="true" className="hidden text-slate-500 sm:inline">
          ·
        </span>
        <Button
          size="sm"
          aria-label={`Add as income: ${text}`}
          disabled={disabled}
          onClick={() =>
            oneAtATime(() => accept.mutateAsync(suggestion.id), 'The income could not be added.')
          }
        >
          {accept.isPending ? 'Adding...' : 'Add as income'}
        </Button>
        <span aria-hidden="true" className="hidden text-slate-500 sm:inline">
          ·
        </span>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Ignore: ${text}`}
          disabled={disabled}
          onClick={() =>
            oneAtATime(
              () => ignore.mutateAsync(suggestion.id),
              'The suggestion could not be ignored.',
            )
          }
        >
          Ignore
        </Button>
      </p>
      <p className="mt-1 text-xs text-slate-400">
        {suggestion.price_pending || suggestion.value_usd === null ? (
          <span className="text-amber-300">Price pending</span>
        ) : (
          <>
            Worth {formatUsd(suggestion.value_usd)}
            {suggestion.value_idr === null ? null : ` (${formatIdr(suggestion.value_idr)})`} at the
            day’s price
          </>
        )}
      </p>
    </li>
  );
}

function AutoAddSwitches({
  config,
  userId,
  wallets,
  symbol,
}: SuggestionsProps & { wallets: TIncomeAutoWallet[]; symbol: string }) {
  const on = wallets.filter((entry) => entry.on).length;
  return (
    <details className="group rounded-xl border border-slate-800 bg-slate-900/60">
      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-2 px-4 py-3 text-sm font-semibold text-white [&::-webkit-details-marker]:hidden">
        <ChevronRightIcon
          aria-hidden="true"
          className="size-4 shrink-0 transition-transform group-open:rotate-90"
        />
        Add these automatically
        <span className="font-normal text-slate-400">
          {on === 0 ? 'Off for every wallet' : `On for ${on} of ${wallets.length} wallets`}
        </span>
      </summary>
      <div className="space-y-3 border-t border-slate-800 px-4 py-3">
        <p className="text-sm text-slate-300">
          With a wallet switched on, {symbol} arriving in it from now on is added as income without
          a click. What has arrived already stays above to add or ignore.
        </p>
        <ul className="space-y-2">
          {wallets.map((entry) => (
            <AutoAddSwitch
              key={entry.wallet.id}
              config={config}
              userId={userId}
              entry={entry}
              symbol={symbol}
            />
          ))}
        </ul>
      </div>
    </details>
  );
}

function AutoAddSwitch({
  config,
  userId,
  entry,
  symbol,
}: SuggestionsProps & { entry: TIncomeAutoWallet; symbol: string }) {
  const id = useId();
  const setAuto = useSetAutoAddMutation(config, userId);
  const oneAtATime = useOneAtATime();
  const name = entry.wallet.name || 'Unnamed wallet';
  return (
    <li className="flex items-center justify-between gap-3">
      <label htmlFor={id} className="min-w-0 truncate text-sm text-slate-200" title={name}>
        {name}
      </label>
      <Switch.Root
        id={id}
        aria-label={`Add ${symbol} arriving in ${name} automatically`}
        checked={entry.on}
        disabled={setAuto.isPending}
        onCheckedChange={(checked) =>
          oneAtATime(
            () => setAuto.mutateAsync({ walletId: entry.wallet.id, on: checked }),
            'The switch could not be changed.',
          )
        }
        className="relative h-6 w-11 shrink-0 rounded-full bg-slate-700 transition-colors disabled:opacity-60 data-[state=checked]:bg-indigo-500"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
    </li>
  );
}
