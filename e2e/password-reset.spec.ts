import { readSavedMail, resetTokenIn } from '../harness/smtp-inbox.js';
import { expect, registerThroughApi, test, tokenThroughApi } from './fixtures.js';

/** The reset mail to `email`, as the SMTP server the global setup started received it. */
async function resetMailTo(email: string) {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: the global setup did not start the inbox');
  let found: ReturnType<typeof readSavedMail>[number] | undefined;
  await expect
    .poll(() => (found = readSavedMail(dir).find((mail) => mail.to.includes(email))), {
      timeout: 10_000,
    })
    .toBeDefined();
  return found!;
}

test.describe('password reset by mail', () => {
  test('a user asks for a link, follows it from the mail, sets a password and signs in with it; the old session is refused', async ({
    page,
    baseURL,
  }) => {
    const identity = await registerThroughApi(page);
    const oldToken = await tokenThroughApi(page, identity.email, identity.password);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('Email').fill(identity.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText('If an account uses this email');

    const mail = await resetMailTo(identity.email);
    const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    expect(link!.startsWith(`${baseURL}/reset-password?token=`)).toBe(true);
    expect(mail.html).toContain(resetTokenIn(mail));

    await page.goto(link!);
    const newPassword = 'a fresh passphrase from the mail';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByText('Your password has been set. Please sign in with it.'),
    ).toBeVisible();

    await page.getByLabel('Email').fill(identity.email);
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(
      page.getByRole('button', { name: `Account menu for ${identity.username}` }),
    ).toBeVisible();

    const old = await page.request.get('/api/me', {
      headers: { Authorization: `Bearer ${oldToken}` },
    });
    expect(old.status()).toBe(401);
    // The device signed out by the reset is told why.
    expect(await old.json()).toEqual({
      message:
        'You were signed out because the password of this account was changed. Please sign in with the new password.',
    });

    // The link was for one use, and the page says so as it opens, before a password is typed.
    await page.goto(link!);
    await expect(page.getByRole('alert')).toContainText('invalid or has expired');
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  });
});
