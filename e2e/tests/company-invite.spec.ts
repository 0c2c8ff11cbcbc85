import {
  DEMO_PASSWORD,
  type Lang,
  localized,
  login,
  presetConsent,
  submitLogin,
  uniqueUser,
} from '../support/helpers.ts';
import { findLink, verificationLink, waitForMail } from '../support/mail.ts';
import { type BrowserContext, expect, test } from '../support/test.ts';

/**
 * Members by e-mail (issue 11 item 18), in German and English: the demo manager of Muster AG
 * invites an address; the answer says an invitation went out and nobody joins yet. The person
 * registers with that address, verifies it, opens the invitation from the mail, accepts it, and
 * appears among the employees. A withdrawn invitation stops working.
 */
const MANAGER = 'firma@example.com';
const TEXT: Record<Lang, { invited: RegExp; joined: string; invalid: string }> = {
  de: {
    invited: /Wir haben eine Einladung an .+ gesendet/,
    joined: 'Sie gehören jetzt zu Muster AG.',
    invalid: 'Einladung ungültig',
  },
  en: {
    invited: /We sent an invitation to .+\./,
    joined: 'You now belong to Muster AG.',
    invalid: 'Invitation not valid',
  },
};

async function registerVerified(context: BrowserContext, lang: Lang, person: ReturnType<typeof uniqueUser>) {
  await context.request.get('/sanctum/csrf-cookie');
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await context.request.post('/api/register', {
    headers: {
      'X-XSRF-TOKEN': decodeURIComponent(xsrf),
      Accept: 'application/json',
      'Accept-Language': lang,
    },
    data: {
      username: person.username,
      email: person.email,
      first_name: 'Ina',
      last_name: 'Vited',
      password: DEMO_PASSWORD,
      password_confirmation: DEMO_PASSWORD,
    },
  });
  expect(res.status()).toBe(201);
  const page = await context.newPage();
  await page.goto((await verificationLink(person.email)).href);
  await expect(page.getByTestId('verify-success')).toBeVisible();
  return page;
}

for (const lang of ['de', 'en'] as Lang[]) {
  test(`a manager invites a member by e-mail, who accepts after logging in (${lang})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const at = (p: string) => localized(lang, p);
    const person = uniqueUser(`invite_${lang}`);
    const other = uniqueUser(`withdraw_${lang}`);
    await presetConsent(page.context(), baseURL);
    await login(page, lang, MANAGER, DEMO_PASSWORD);

    await test.step('manager: invites two addresses; nobody joins yet', async () => {
      await page.goto(at('/employees'));
      for (const email of [person.email, other.email]) {
        await page.getByTestId('add-member-email').fill(email);
        await page.getByTestId('add-member-submit').click();
        await expect(page.getByTestId('toast').filter({ hasText: TEXT[lang].invited }).last()).toContainText(
          email,
        );
      }
      const invitations = page.getByTestId('member-invitation');
      await expect(invitations.filter({ hasText: person.email })).toHaveCount(1);
      await expect(invitations.filter({ hasText: other.email })).toHaveCount(1);
      await expect(page.getByTestId('employee-row').filter({ hasText: person.username })).toHaveCount(0);
    });

    await test.step('manager: withdraws one invitation after confirming', async () => {
      const row = page.getByTestId('member-invitation').filter({ hasText: other.email });
      await row.getByTestId('member-invitation-revoke').click();
      await page.getByTestId('confirm-ok').click();
      await expect(page.getByTestId('member-invitation').filter({ hasText: other.email })).toHaveCount(0);
    });

    const context = await browser.newContext();
    try {
      await presetConsent(context, baseURL);
      const invitee = await registerVerified(context, lang, person);

      await test.step('the invited person: opens the mail link, logs in with the address, accepts', async () => {
        // the invitation came before the verification mail: the oldest mail with a join link
        const link = findLink(
          await waitForMail(person.email, 10_000, '/company/join/'),
          /\/company\/join\/[\w-]+$/,
        );
        expect(link.pathname.startsWith(lang === 'en' ? '/en/company/join/' : '/company/join/')).toBe(true);
        await invitee.goto(link.href);
        await expect(invitee.getByTestId('join-guest')).toBeVisible();
        await invitee.getByTestId('join-guest').getByRole('link').first().click();
        await submitLogin(invitee, lang, person.email, DEMO_PASSWORD);
        await expect(invitee).toHaveURL(new RegExp(`${link.pathname}$`));
        await invitee.getByTestId('join-accept').click();
        await expect(invitee.getByTestId('join-done')).toContainText(TEXT[lang].joined);
      });

      await test.step('the withdrawn invitation says so', async () => {
        const mail = await waitForMail(other.email, 10_000, '/company/join/');
        const link = findLink(mail, /\/company\/join\/[\w-]+$/);
        await invitee.goto(link.href);
        await expect(invitee.getByTestId('join-problem')).toContainText(TEXT[lang].invalid);
      });
    } finally {
      await context.close();
    }

    await test.step('manager: the new member is listed, the invitation gone', async () => {
      await page.reload();
      await expect(page.getByTestId('employee-row').filter({ hasText: 'Ina Vited' }).first()).toBeVisible();
      await expect(page.getByTestId('member-invitation').filter({ hasText: person.email })).toHaveCount(0);
    });
  });
}
