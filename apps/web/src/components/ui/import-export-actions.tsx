import { IMPORT_MAX_BYTES, type TImportResult } from '@nexusplay/contract/personal-rows';
import type { UseMutationResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { DownloadIcon, UploadIcon } from 'lucide-react';
import { ApiError } from '../../lib/api-client';
import { Button } from './button';
import { Dialog, DialogContent } from './dialog';
import { FormAlert } from './form-alert';

const MAX_MEGABYTES = IMPORT_MAX_BYTES / (1024 * 1024);
const TOO_LARGE_MESSAGE = `The file is larger than ${MAX_MEGABYTES} MB.`;

type ImportExportActionsProps = {
  /** What the rows are, in the plural and in lower case: "wallets". */
  noun: string;
  exportMutation: UseMutationResult<void, Error, void>;
  importMutation: UseMutationResult<TImportResult, Error, File>;
  /** The file types the picker offers, as in the input's accept attribute. */
  accept: string;
  /** The button's label, naming what can be imported: "Import CSV". */
  importLabel: string;
};

function failureText(error: Error, fallback: string): string {
  return error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;
}

/**
 * Export to a file and import from one. What an import did, row by row, is shown in a dialog, so a
 * refused row can be found by its line number and fixed in the file.
 */
export function ImportExportActions({
  noun,
  exportMutation,
  importMutation,
  accept,
  importLabel,
}: ImportExportActionsProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [showOutcome, setShowOutcome] = useState(false);

  const onFileChosen = (file: File | undefined) => {
    // Emptied, so choosing the same file again (once it is fixed) is still a change.
    if (inputRef.current) inputRef.current.value = '';
    if (file === undefined) return;
    setShowOutcome(true);
    if (file.size > IMPORT_MAX_BYTES) {
      importMutation.reset();
      setRefusal(TOO_LARGE_MESSAGE);
      return;
    }
    setRefusal(null);
    importMutation.mutate(file);
  };

  const closeOutcome = () => {
    setShowOutcome(false);
    setRefusal(null);
    importMutation.reset();
  };

  const importError =
    refusal ??
    (importMutation.error
      ? failureText(importMutation.error, `The ${noun} could not be imported.`)
      : null);

  // A fragment, so the buttons join the row they are placed in and wrap with it on a phone.
  return (
    <>
      <Button
        variant="secondary"
        disabled={exportMutation.isPending}
        onClick={() => exportMutation.mutate()}
      >
        <DownloadIcon aria-hidden="true" className="size-4" />
        {exportMutation.isPending ? 'Exporting...' : 'Export CSV'}
      </Button>
      <Button
        variant="secondary"
        disabled={importMutation.isPending}
        onClick={() => inputRef.current?.click()}
      >
        <UploadIcon aria-hidden="true" className="size-4" />
        {importMutation.isPending ? 'Importing...' : importLabel}
      </Button>
      <input
        ref={inputRef}
        type="file"
        hidden
        accept={accept}
        aria-label={`Choose a file of ${noun} to import`}
        onChange={(event) => onFileChosen(event.target.files?.[0])}
      />
      {exportMutation.error ? (
        <p role="alert" className="order-last basis-full text-sm text-red-400 lg:text-right">
          {failureText(exportMutation.error, `The ${noun} could not be exported.`)}
        </p>
      ) : null}

      <Dialog
        open={showOutcome}
        onOpenChange={(open) => {
          // The import goes on regardless, so its outcome stays on screen until it is known.
          if (!open && !importMutation.isPending) closeOutcome();
        }}
      >
        <DialogContent
          title={
            importMutation.isPending
              ? 'Importing...'
              : importError
                ? 'Import failed'
                : 'Import finished'
          }
          description={
            importMutation.isPending
              ? 'Reading the file; this takes a moment.'
              : importError
                ? `No ${noun} were imported.`
                : 'What happened to the rows of the file.'
          }
        >
          {importError ? <FormAlert>{importError}</FormAlert> : null}
          {importMutation.data ? <ImportSummary noun={noun} result={importMutation.data} /> : null}
          <div className="mt-6 flex justify-end">
            <Button onClick={closeOutcome} disabled={importMutation.isPending}>
              Done
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}

function ImportSummary({ noun, result }: { noun: string; result: TImportResult }) {
  const figures = [
    { label: 'Imported', value: result.imported, hint: `new ${noun} added` },
    { label: 'Skipped', value: result.skipped, hint: 'already in your list' },
    { label: 'Rejected', value: result.rejected.length, hint: 'rows with a problem' },
  ];
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-3 gap-3">
        {figures.map(({ label, value, hint }) => (
          <div key={label} className="rounded-xl border border-slate-800 bg-slate-950/60 p-3">
            <dt className="text-xs font-semibold tracking-wide text-slate-400 uppercase">
              {label}
            </dt>
            <dd className="mt-1 text-2xl font-bold text-white">{value}</dd>
            <dd className="text-xs text-slate-400">{hint}</dd>
          </div>
        ))}
      </dl>
      {result.rejected.length > 0 ? (
        <section>
          <h3 className="text-sm font-semibold text-white">Rejected rows</h3>
          <ul className="mt-2 max-h-60 space-y-1.5 overflow-y-auto text-sm">
            {result.rejected.map(({ line, reason }) => (
              <li key={line} className="rounded-lg bg-red-500/10 px-3 py-2 text-red-200">
                <span className="font-semibold">Line {line}:</span> {reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
