import { readFileSync } from 'node:fs';
import { apiJson } from '../support/api.ts';
import { DEMO_PASSWORD, type Lang, localized, login, presetConsent } from '../support/helpers.ts';
import { verificationLink } from '../support/mail.ts';
import { type APIRequestContext, expect, type Page, test } from '../support/test.ts';

/**
 * Seat packages bought by invoice (issue 38, its e2e journey) in German and English: the demo
 * manager (`firma@example.com`, Muster AG, pay by invoice enabled by the admin) buys 5 seats of a
 * priced seminar "Auf Rechnung" / "By invoice" (an open invoice, no payment provider; the seats
 * usable when paid), the admin imports a camt.054 bank notification that pays the invoice, the
 * manager assigns 5 employees and the 6th is refused with the clear message, the admin refunds one
 * seat's worth naming its employee: that employee loses access, the other four keep it.
 */
const JOURNEYS: {
  lang: Lang;
  text: { ordered: RegExp; noSeat: RegExp; refund: string };
}[] = [
  {
    lang: 'de',
    text: {
      ordered: /sobald die Zahlung eingegangen ist/,
      noSeat: /Kein Platz mehr frei: 0 frei/,
      refund: 'Rückerstatten',
    },
  },
  {
    lang: 'en',
    text: {
      ordered: /once the payment has arrived/,
      noSeat: /No seat left: 0 free/,
      refund: 'Refund',
    },
  },
];

const PRICE = 12_000;
const PASSWORD = 'Sitzplatz-Rechnung1';
const CAMT = readFileSync(
  new URL('../../apps/server/src/modules/invoices/fixtures/camt054-v04.xml', import.meta.url),
  'utf8',
);

const xsrf = async (request: APIRequestContext) => ({
  'X-XSRF-TOKEN': decodeURIComponent(
    (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '',
  ),
  Accept: 'application/json',
});

/** a new verified user, logged in on `request` */
async function employee(request: APIRequestContext, username: string, lang: Lang, last: string) {
  const email = `${username}@example.org`;
  expect((await request.get('/sanctum/csrf-cookie')).status()).toBe(204);
  const registered = await request.post('/api/register', {
    headers: await xsrf(request),
    data: {
      username,
      email,
      first_name: 'Sitz',
      last_name: last,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      locale: lang,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const link = await verificationLink(email);
  const api = link.pathname.replace(/^(\/en)?\/email\//, '/api/email/');
  expect(
    (await request.get(`${api}${link.search}`, { headers: { Accept: 'application/json' } })).status(),
  ).toBe(200);
  const loggedIn = await request.post('/api/login', {
    headers: await xsrf(request),
    data: { email, password: PASSWORD },
  });
  expect(loggedIn.status(), await loggedIn.text()).toBe(200);
  const me = (await (await request.get('/api/user', { headers: { Accept: 'application/json' } })).json()) as {
    id: number;
  };
  return { id: me.id, email, name: `Sitz ${last}` };
}

async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path, { headers: { Accept: 'application/json' } });
  expect(res.ok(), `GET ${path} → ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/** whether the person on `request` may play the seminar now */
const plays = async (request: APIRequestContext, seminarId: number) =>
  (
    (await (
      await request.get(`/api/seminars/${seminarId}`, { headers: { Accept: 'application/json' } })
    ).json()) as {
      abilities: { play: boolean };
    }
  ).abilities.play;

for (const { lang, text } of JOURNEYS) {
  test(`seats by invoice (${lang}): 5 seats on account, the camt.054 pays them, 5 assigned and the 6th refused, one seat refunded ends exactly that access`, async ({
    page,
    browser,
    context,
    baseURL,
    playwright,
  }) => {
    test.setTimeout(240_000);
    const at = (p: string) => localized(lang, p);
    const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const title = `E2E Sitze ${lang} ${run}`;

    // the admin: a seller with an IBAN whose companies' invoices are granted when paid
    await presetConsent(context, baseURL);
    await login(page, lang, 'admin@example.com', DEMO_PASSWORD);
    const {
      configured: _c,
      updated_at: _u,
      ...seller
    } = await getJson<Record<string, unknown>>(page, '/api/admin/seller');
    await apiJson(page, 'PUT', '/api/admin/seller', {
      data: {
        ...seller,
        legal_name: seller.legal_name || 'Seminarhaus E2E',
        address: seller.address || 'Bahnhofstrasse 1\n8001 Zürich',
        iban: seller.iban ?? 'CH9300762011623852957',
        invoice_access: 'when_paid',
      },
    });

    // the trainer's priced public seminar with one chapter
    const trainerContext = await browser.newContext();
    await presetConsent(trainerContext, baseURL);
    const trainer = await trainerContext.newPage();
    await login(trainer, lang, 'trainer@example.com', DEMO_PASSWORD);
    const seminar = await apiJson<{ id: number }>(trainer, 'POST', '/api/seminars', {
      multipart: {
        title,
        description: `<p>${title}</p>`,
        price: String(PRICE),
        is_public: '1',
        isCompany: '0',
      },
    });
    const chapter = await apiJson<{ id: number }>(trainer, 'POST', '/api/chapters', {
      data: { seminar_id: seminar.id, label: `Kapitel ${title}` },
    });
    await apiJson(trainer, 'PATCH', '/api/chapters/toggle/locked', { data: { id: chapter.id } });
    await trainerContext.close();

    // the manager's company may buy by invoice; six new employees join it
    const managerContext = await browser.newContext();
    await presetConsent(managerContext, baseURL);
    const manager = await managerContext.newPage();
    await login(manager, lang, 'firma@example.com', DEMO_PASSWORD);
    const company = await getJson<{ id: number }>(manager, '/api/companies/by-name/muster');
    await apiJson(page, 'PUT', `/api/admin/companies/${company.id}/pay-by-invoice`, {
      data: { enabled: true },
    });
    const people: { id: number; email: string; name: string; request: APIRequestContext }[] = [];
    for (const last of ['Eins', 'Zwei', 'Drei', 'Vier', 'Fuenf', 'Sechs']) {
      const request = await playwright.request.newContext({ baseURL });
      const person = await employee(
        request,
        `seat_${lang}_${run}_${last.toLowerCase()}`,
        lang,
        `${last} ${run}`,
      );
      await apiJson(page, 'POST', `/api/admin/companies/${company.id}/members`, {
        data: { email: person.email },
      });
      people.push({ ...person, request });
    }

    try {
      // the manager buys 5 seats by invoice on the seminar's page
      await manager.goto(at(`/seminar/id/${seminar.id}`));
      const form = manager.getByTestId('seat-purchase');
      await form.getByTestId('seat-purchase-seats').fill('5');
      await form.getByTestId('seat-purchase-pay-invoice').check();
      await form.getByTestId('seat-purchase-submit').click();
      await expect(manager.getByTestId('seat-purchase-done')).toHaveText(text.ordered);
      await expect(manager.getByTestId('seat-purchase-pdf')).toBeVisible();

      // the bank's camt.054 pays it: the admin previews and applies the file
      const pdf = String(await manager.getByTestId('seat-purchase-pdf').getAttribute('href'));
      const invoiceId = Number(/\/api\/invoices\/(\d+)\/pdf/.exec(pdf)?.[1]);
      const open = await getJson<{
        data: {
          id: number;
          number: string;
          gross_total: number;
          payment_reference: string;
          lines: { quantity: number }[];
        }[];
      }>(page, `/api/admin/invoices?company_id=${company.id}&state=open&per_page=100`);
      const invoice = open.data.find((i) => i.id === invoiceId);
      expect(
        invoice?.lines.map((l) => l.quantity),
        'ONE line of 5 seats',
      ).toEqual([5]);
      const seatPrice = invoice!.gross_total / 5;
      const xml = CAMT.replace(/\{\{ACCOUNT\}\}/g, 'CH9300762011623852957')
        .replace(/\{\{AMOUNT\}\}/g, (invoice!.gross_total / 100).toFixed(2))
        .replace(/\{\{REF\}\}/g, invoice!.payment_reference)
        .replace(
          '<Cd>SCOR</Cd>',
          invoice!.payment_reference.startsWith('RF') ? '<Cd>SCOR</Cd>' : '<Prtry>QRR</Prtry>',
        );
      await page.goto(at('/admin/invoices'));
      await page.getByTestId('camt-file').setInputFiles({
        name: 'camt054.xml',
        mimeType: 'application/xml',
        buffer: Buffer.from(xml),
      });
      const entry = page.getByTestId('camt-entry').filter({ hasText: invoice!.number });
      await expect(entry).toHaveAttribute('data-match', 'matched');
      await page.getByTestId('camt-apply').click();
      await expect(page.getByTestId('camt-applied')).toBeVisible();

      // the manager assigns five; the sixth is refused with the clear message
      await manager.goto(at(`/seminar/id/${seminar.id}/assign-user-company`));
      await manager.getByTestId('assign-search-input').fill(`seat_${lang}_${run}`);
      await manager.getByTestId('assign-search-submit').click();
      const row = (id: number) => manager.locator(`[data-testid="assign-row"][data-user-id="${id}"]`);
      await expect(manager.getByTestId('assign-row')).toHaveCount(6);
      for (const p of people.slice(0, 5)) await row(p.id).getByTestId('assign-checkbox').check();
      await manager.getByTestId('assign-submit').click();
      for (const p of people.slice(0, 5)) await expect(row(p.id)).toHaveAttribute('data-assigned', 'true');
      await row(people[5]!.id).getByTestId('assign-checkbox').check();
      await manager.getByTestId('assign-submit').click();
      await expect(manager.getByTestId('assign-error')).toHaveText(text.noSeat);
      await expect(row(people[5]!.id)).toHaveAttribute('data-assigned', 'false');
      for (const p of people.slice(0, 5)) expect(await plays(p.request, seminar.id)).toBe(true);
      expect(await plays(people[5]!.request, seminar.id)).toBe(false);

      // the admin refunds one seat's worth, naming its employee (no payment provider: by invoice)
      const gone = people[2]!;
      await page.goto(at('/admin/payments'));
      const payment = page.getByTestId('admin-payment-row').filter({ hasText: title });
      await payment.getByRole('button', { name: text.refund }).click();
      const panel = page.getByTestId('refund-panel');
      await panel.getByTestId('refund-mode-amount').check();
      await panel.getByTestId('refund-amount').fill((seatPrice / 100).toFixed(2));
      await panel.getByTestId('refund-seats').getByLabel(gone.name).check();
      await panel.getByTestId('refund-submit').click();
      await expect(page.getByTestId('confirm-dialog')).toBeVisible();
      await page.getByTestId('confirm-ok').click();
      await expect(panel.getByTestId('refund-row')).toHaveAttribute('data-status', 'refunded');
      await expect(panel.getByTestId('refund-row')).toContainText(/GS-\d{4}-\d{6}/);

      // that employee loses access, no other does
      expect(await plays(gone.request, seminar.id)).toBe(false);
      for (const p of people.slice(0, 5).filter((p) => p !== gone)) {
        expect(await plays(p.request, seminar.id)).toBe(true);
      }
      await manager.reload();
      await manager.getByTestId('assign-search-input').fill(`seat_${lang}_${run}`);
      await manager.getByTestId('assign-search-submit').click();
      await expect(row(gone.id)).toHaveAttribute('data-assigned', 'false');
      await expect(row(people[0]!.id)).toHaveAttribute('data-assigned', 'true');
    } finally {
      await apiJson(page, 'PUT', `/api/admin/companies/${company.id}/pay-by-invoice`, {
        data: { enabled: false },
      });
      for (const p of people) await p.request.dispose();
      await managerContext.close();
    }
  });
}
