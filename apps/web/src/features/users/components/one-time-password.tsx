import { useId, useRef, useState, type ReactNode } from 'react';
import { CheckIcon, CopyIcon, TriangleAlertIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';

type OneTimePasswordProps = {
  username: string;
  password: string;
  onDone: () => void;
  /** Another way to get the account its password, shown beside this one. */
  children?: ReactNode;
};

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The generated password of a new account. The server never gives it again, so the admin copies it
 * here and hands it on; once this closes it is gone.
 */
export function OneTimePassword({ username, password, onDone, children }: OneTimePasswordProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copyState, setCopyState] = useState<CopyState>('idle');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setCopyState('copied');
    } catch {
      // Without clipboard access (an insecure origin, a refused permission) the text is selected
      // instead, ready for the keyboard shortcut.
      setCopyState('failed');
      inputRef.current?.select();
    }
  };

  return (
    <div className="space-y-5">
      <div className="space-y-1.5">
        <label htmlFor={id} className="block text-sm font-medium text-slate-200">
          Password for {username}
        </label>
        <input
          ref={inputRef}
          id={id}
          readOnly
          value={password}
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full rounded-lg border border-slate-600 bg-slate-950/60 px-3 py-2.5 font-mono tracking-wide text-slate-100 focus:border-indigo-400"
        />
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 pt-1">
          <Button variant="secondary" size="sm" onClick={() => void copy()}>
            {copyState === 'copied' ? (
              <CheckIcon aria-hidden="true" className="size-4" />
            ) : (
              <CopyIcon aria-hidden="true" className="size-4" />
            )}
            Copy password
          </Button>
          <p role="status" className="text-sm text-slate-300">
            {copyState === 'copied'
              ? 'Password copied to the clipboard.'
              : copyState === 'failed'
                ? 'Copying is not available here. The password is selected: copy it with Ctrl+C (⌘C on a Mac).'
                : ''}
          </p>
        </div>
      </div>
      <p className="flex gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2.5 text-sm text-amber-200">
        <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          This password will not be shown again. Pass it on to {username} now; they sign in with
          their email and this password.
        </span>
      </p>
      {children ? (
        <div className="space-y-2">
          <p className="text-sm text-slate-300">
            Or mail {username} a link to choose a password of their own:
          </p>
          {children}
        </div>
      ) : null}
      <div className="flex justify-end border-t border-slate-800 pt-5">
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
