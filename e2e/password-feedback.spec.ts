import { expect, newIdentity, registerThroughApi, test, tokenThroughApi } from './fixtures.js';

test.describe('password rules in the forms', () => {
  test("sign-up shows the server's guessability feedback and creates no account", async ({
    page,
  }) => {
    const identity = { ...newIdentity(), password: 'Summer2024!' };
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).click();
    const signUp = page.getByRole('dialog', { name: 'Sign Up' });
    await signUp.getByLabel('Username').fill(identity.username);
    await signUp.getByLabel('Email').fill(identity.email);
    await signUp.getByLabel('Password', { exact: true }).fill(identity.password);
    await signUp.getByLabel('Confirm Password').fill(identity.password);
    await signUp.getByRole('button', { name: 'Sign Up' }).click();
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
    const identity = await registerThroughApi(page);
    const token = await tokenThroughApi(page, identity.email, identity.password);
    await page.goto('/');
    await page.evaluate((value) => localStorage.setItem('token', value), token);
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
