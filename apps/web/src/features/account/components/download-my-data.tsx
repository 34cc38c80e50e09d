import { DownloadIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-client';
import { useDownloadMyDataMutation } from '../api/account';

const FAILED = 'The download failed. Please try again.';

/**
 * One JSON file with the account and every record it owns (docs/account-export.md). A refusal
 * the server explains (429: a download of this user's is still being prepared, or too many are
 * at once) is shown in its words.
 */
export function DownloadMyData() {
  const mutation = useDownloadMyDataMutation();
  return (
    <section
      aria-labelledby="my-data-heading"
      className="rounded-2xl border border-slate-800 bg-slate-900/60 p-6"
    >
      <h2 id="my-data-heading" className="text-lg font-semibold text-white">
        Your data
      </h2>
      <p className="mt-1 text-sm text-slate-300">
        Download your account, wallets, links, income records and read notifications as one JSON
        file.
      </p>
      {mutation.error ? (
        <div className="mt-4">
          <FormAlert>
            {mutation.error instanceof ApiError ? (mutation.error.serverMessage ?? FAILED) : FAILED}
          </FormAlert>
        </div>
      ) : null}
      <Button
        variant="secondary"
        className="mt-4"
        disabled={mutation.isPending}
        onClick={() => mutation.mutate()}
      >
        <DownloadIcon aria-hidden="true" className="size-4" />
        {mutation.isPending ? 'Preparing...' : 'Download my data'}
      </Button>
    </section>
  );
}
