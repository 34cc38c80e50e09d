import {
  expect,
  newIdentity,
  registerThroughApi,
  signUpInModal,
  signUpThroughApi,
  test,
} from './fixtures.js';

test.describe('accounts', () => {
  test('a visitor signs up in the modal, signs in, sees the profile menu and logs out', async ({
    page,
  }) => {
    const identity = newIdentity();
    await page.goto('/');

    const signUp = await signUpInModal(page, identity);
    await expect(page.getByText('Registration successful! Please login.')).toBeVisible();
    await expect(signUp).toBeHidden();
    // The spec keeps the login modal closed after a registration.
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const signIn = page.getByRole('dialog', { name: 'Sign In' });
    await signIn.getByLabel('Email').fill(identity.email);
    await signIn.getByLabel('Password').fill(identity.password);
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await expect(signIn).toBeHidden();

    const menuButton = page.getByRole('button', { name: `Account menu for ${identity.username}` });
    await expect(menuButton).toBeVisible();
    await menuButton.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText(identity.email, { exact: true })).toBeVisible();
    await expect(menu.getByText('user', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await page.goto('/about');
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('mismatched passwords are refused without a request', async ({ page }) => {
    const identity = newIdentity();
    await page.goto('/register');
    let registerCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/register')) registerCalls += 1;
    });
    await page.getByLabel('Username').fill(identity.username);
    await page.getByLabel('Email').fill(identity.email);
    await page.getByLabel('Password', { exact: true }).fill(identity.password);
    await page.getByLabel('Confirm Password').fill(`${identity.password}!`);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('alert')).toHaveText('Passwords do not match.');
    expect(registerCalls).toBe(0);
    // The message is about both passwords: changing either takes it away.
    await page.getByLabel('Password', { exact: true }).press('End');
    await page.getByLabel('Password', { exact: true }).pressSequentially('!');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test("a duplicate email shows the server's email error above the form", async ({ page }) => {
    const existing = await registerThroughApi(page);
    await page.goto('/register');
    await page.getByLabel('Username').fill(newIdentity().username);
    await page.getByLabel('Email').fill(existing.email);
    await page.getByLabel('Password', { exact: true }).fill('another good password');
    await page.getByLabel('Confirm Password').fill('another good password');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const taken = page.getByRole('alert').filter({ hasText: 'This email is already registered.' });
    await expect(taken).toBeVisible();
    // Only a change to the email takes the message about it away.
    await page.getByLabel('Username').pressSequentially('x');
    await expect(taken).toBeVisible();
    await page.getByLabel('Email').fill(newIdentity().email);
    await expect(taken).toHaveCount(0);
  });

  test("a wrong password shows the server's message in red above the form", async ({ page }) => {
    const identity = await registerThroughApi(page);
    await page.goto('/login');
    await expect(page.getByRole('banner')).toHaveCount(0);
    await page.getByLabel('Email').fill(identity.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'Invalid email or password.' });
    await expect(refused).toBeVisible();
    // Correcting the password takes the message away; it does not linger beside the next one.
    await page.getByLabel('Password').fill(identity.password);
    await expect(refused).toHaveCount(0);
  });

  test('signing in on /login returns to the page that asked for it', async ({ page }) => {
    const identity = await registerThroughApi(page);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel('Email').fill(identity.email);
    await page.getByLabel('Password').fill(identity.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(identity.email).first()).toBeVisible();
  });
});

test.describe('session token at startup', () => {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

  test('an expired token in localStorage signs the visitor out at load', async ({ page }) => {
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ id: 1, userId: 1, role: 'user', email: 'old@example.com', username: 'old', exp: past })}.sig`;
    await page.goto('/about');
    await page.evaluate((token) => localStorage.setItem('token', token), expired);
    await page.reload();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('a valid token keeps the visitor signed in across a reload of any route', async ({
    page,
  }) => {
    const identity = await signUpThroughApi(page, '/games');
    for (const path of ['/games', '/blogs', '/tools', '/about', '/dashboard']) {
      await page.goto(path);
      await expect(
        page.getByRole('button', { name: `Account menu for ${identity.username}` }),
      ).toBeVisible();
    }
  });
});

test.describe('guards and unknown paths', () => {
  test('a signed-in user is turned away from the admin area', async ({ page }) => {
    await signUpThroughApi(page);
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(page.getByText('Akses Ditolak!!!')).toBeVisible();
    await expect(
      page.getByText('Anda tidak memiliki izin untuk mengakses halaman ini.'),
    ).toBeVisible();
  });

  test('a guest is sent to sign in, and an admin reaches the admin shell', async ({ page }) => {
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel('Email').fill('admin@e2e.test');
    await page.getByLabel('Password').fill('e2e-admin-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByText('© 2025 Admin Dashboard')).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
  });

  test('an unknown path shows the 404 page, also on reload', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('404 - Page Not Found')).toBeVisible();
    await page.reload();
    await expect(page.getByText('404 - Page Not Found')).toBeVisible();
  });
});
