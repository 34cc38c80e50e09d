import { useAuth } from '../../../lib/auth';

/** The signed-in account as the session token describes it, with the SPEC's defaults. */
export function AccountSummary() {
  const { user } = useAuth();
  const details = [
    { label: 'Username', value: user?.username || 'Guest' },
    { label: 'Email', value: user?.email || 'guest@example.com' },
    { label: 'Role', value: user?.role || 'User' },
  ];
  return (
    <section
      aria-labelledby="account-heading"
      className="rounded-2xl border border-slate-800 bg-slate-900/60 p-6"
    >
      <h2 id="account-heading" className="text-lg font-semibold text-white">
        Account
      </h2>
      <dl className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-3">
        {details.map(({ label, value }) => (
          <div key={label} className="rounded-xl bg-slate-950/60 p-4">
            <dt className="text-xs font-medium tracking-wide text-slate-400 uppercase">{label}</dt>
            <dd className="mt-1 text-base font-semibold wrap-anywhere text-slate-100">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
