import { expect, newIdentity, signUpInModal, signUpThroughApi, test } from './fixtures.js';

test.describe('password rules in the forms', () => {
  test("sign-up shows the server's guessability feedback and creates no account", async ({
    page,
  }) => {
    const identity = { ...newIdentity(), password: 'Summer2024!' };
    await page.goto('/');
    const signUp = await signUpInModal(page, identity);
    // zxcvbn's own suggestion, in red above the form as the specification places errors.
    await expect(signUp.getByRole('alert')).toContainText('Add more words that are less common.');
    const login = await page.request.post('/api/login', {
      data: { email: identity.email, password: identity.password },
    });
    expect(login.status()).toBe(401);
  });

  test('change password refuses the current password under the new password field', async ({
    page,
  }) => {
    const identity = await signUpThroughApi(page);
    await page.goto('/account');
    await page.getByLabel('Current password').fill(identity.password);
    await page.getByLabel('New password', { exact: true }).fill(identity.password);
    await page.getByLabel('Confirm new password').fill(identity.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(
      /must differ from your current password/u,
    );
  });
});
