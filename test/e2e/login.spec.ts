import { expect, test } from './fixtures';
import { LoginPage } from '../support/pages/LoginPage';
import { advanceClock } from './sandbox';

/** Each test uses its own number so they do not share SMS send limits or accounts. */
const uniquePhone = () => `626${String(2000000 + Math.floor(Math.random() * 7_000_000)).padStart(7, '0')}`;

test.describe('login chart in the browser', () => {
  test('a new customer registers by SMS code, logs out, logs in by password and sees /personal', async ({ page, request }) => {
    const phone = uniquePhone();
    const password = 'Harbor#2931x';
    const login = new LoginPage(page, request);
    await login.open();

    await login.choosePath('register');
    await login.typePhone(phone);
    await login.solveCaptcha();
    await login.sendCode();
    await login.enterCode(await login.readCode(phone));
    await login.submitCode('Next');
    await login.setPassword(password);
    await login.submitPassword('Create account');
    await expect(page.getByText('Your account is ready. Log in with your new password.')).toBeVisible();

    await login.loginWithPassword(phone, password);
    await expect(page).toHaveURL(/\/personal$/);
    await expect(page.getByText(/Good (morning|afternoon|evening)/)).toBeVisible();
    // The session is the gateway's HttpOnly cookie: the page's scripts cannot read the token (decision 0013).
    const session = (await page.context().cookies()).find((c) => c.name === 'Admin-Token');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session!.value.length).toBeGreaterThan(20);
    const readable = await page.evaluate(() => document.cookie);
    expect(readable).not.toContain(session!.value);
    expect(readable).not.toContain('Admin-Token');
    expect(readable).toContain('Logged-In=');
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))).not.toContain(session!.value);

    await page.getByRole('button', { name: 'Log out' }).first().click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('You have logged out.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in / Sign up' })).toBeVisible();
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('Admin-Token');

    await page.goto('/personal');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fpersonal/);
    await login.choosePath('passwordLogin');
    await login.loginWithPassword(phone, password);
    await expect(page).toHaveURL(/\/personal$/);
    await expect(page.getByText('(626)', { exact: false }).first()).toBeVisible();
  });

  test('a wrong image code is refused with its message and a fresh image, and the phone is kept', async ({ page, request }) => {
    const phone = uniquePhone();
    const login = new LoginPage(page, request);
    await login.open();
    await login.typePhone(phone);
    await login.solveCaptcha({ wrong: true });
    const fresh = login.nextCaptcha();
    await login.sendCode();
    await login.seeError(/image code is wrong|expired/i);
    await fresh;
    await expect(page.getByLabel('Phone number', { exact: true })).toHaveValue(phone);
  });

  test('five wrong codes kill the code; the right one is then refused too', async ({ page, request }) => {
    const phone = uniquePhone();
    const login = new LoginPage(page, request);
    await login.open();
    await login.typePhone(phone);
    await login.solveCaptcha();
    await login.sendCode();
    const code = await login.readCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      await login.enterCode(wrong);
      await login.submitCode();
      await expect(page.getByRole('alert').or(page.getByText(/code/i).locator('visible=true')).first()).toBeVisible();
    }
    await login.seeError(/too many wrong|request a new code/i);
    await login.enterCode(code);
    await login.submitCode();
    await login.seeError(/too many wrong|request a new code/i);
    await expect(page).toHaveURL(/\/login/);
  });

  test('an expired code is refused and the customer is told to request a new one', async ({ page, request }) => {
    const phone = uniquePhone();
    const login = new LoginPage(page, request);
    await login.open();
    await login.typePhone(phone);
    await login.solveCaptcha();
    await login.sendCode();
    const code = await login.readCode(phone);
    await advanceClock(request, 5 * 60_000 + 1_000);
    await login.enterCode(code);
    await login.submitCode();
    await login.seeError(/expired|request a new/i);
    await expect(page).toHaveURL(/\/login/);
  });
});
