import { AccountSummary } from './account-summary';
import { AccountSessions } from './account-sessions';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccount } from './delete-account';
import { DownloadMyData } from './download-my-data';

/** The account page's sections: who the user is, and what they can do about it. */
export function AccountSettings() {
  return (
    <div className="mt-10 space-y-8">
      <AccountSummary />
      <ChangePasswordForm />
      <AccountSessions />
      <DownloadMyData />
      <DeleteAccount />
    </div>
  );
}
