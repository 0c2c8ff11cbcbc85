import type { AdminCompanyDto, CompanyAddressDto, CompanyDto } from '@elearn/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paginatorOf } from '@/testing/fixtures';
import { renderApp, users } from '@/testing/test-utils';

const acme: CompanyDto = {
  id: 7,
  name: 'Acme AG',
  shortName: 'acme',
  manager: true,
  members_count: 3,
  abilities: { manage: true },
};

const empty: CompanyAddressDto = {
  id: 7,
  street: null,
  building_number: null,
  postal_code: null,
  town: null,
  country: null,
};

const adminAcme: AdminCompanyDto = {
  id: 7,
  name: 'Acme AG',
  shortName: 'acme',
  created_at: '2026-01-01T00:00:00.000Z',
  members_count: 0,
  managers: [],
  bookings_count: 0,
  seminars_count: 0,
  former_short_names: [],
};

describe("a company's postal address on its invoices (issue 38)", { timeout: 15_000 }, () => {
  it('a manager enters it on the company page; the server refuses a wrong postcode, then saves', async () => {
    let refused = false;
    const { fetchMock, user } = renderApp('/company/acme', {
      user: users.corporateTraining,
      handlers: {
        'GET /api/companies/by-name/acme': () => ({ body: acme }),
        'GET /api/companies/7/address': () => ({ body: empty }),
        'PUT /api/companies/7/address': () => {
          if (!refused) {
            refused = true;
            return {
              status: 422,
              body: {
                message: 'Die Angaben sind ungültig.',
                code: 'validation_failed',
                errors: { postal_code: ['Eine Schweizer Postleitzahl hat 4 Ziffern (1000–9999).'] },
              },
            };
          }
          return {
            body: {
              ...empty,
              street: 'Seestrasse',
              building_number: '12a',
              postal_code: '8002',
              town: 'Zürich',
              country: 'CH',
            },
          };
        },
      },
    });
    const street = await screen.findByLabelText('Strasse', {}, { timeout: 10_000 });
    await user.type(street, 'Seestrasse');
    await user.type(screen.getByLabelText('Hausnummer'), '12a');
    await user.type(screen.getByLabelText('Postleitzahl'), '800');
    await user.type(screen.getByLabelText('Ort'), 'Zürich');
    await user.type(screen.getByLabelText('Land (ISO-Code)'), 'ch');
    await user.click(screen.getByTestId('company-address-save'));
    expect(await screen.findByText('Eine Schweizer Postleitzahl hat 4 Ziffern (1000–9999).')).toBeTruthy();
    expect(fetchMock.callsTo('PUT /api/companies/7/address')[0]!.json()).toEqual({
      street: 'Seestrasse',
      building_number: '12a',
      postal_code: '800',
      town: 'Zürich',
      country: 'ch',
    });

    await user.clear(screen.getByLabelText('Postleitzahl'));
    await user.type(screen.getByLabelText('Postleitzahl'), '8002');
    await user.click(screen.getByTestId('company-address-save'));
    expect(await screen.findByText('Adresse gespeichert.')).toBeTruthy();
    expect((screen.getByLabelText('Land (ISO-Code)') as HTMLInputElement).value).toBe('CH');
    expect(fetchMock.callsTo('PUT /api/companies/7/address')[1]!.json()).toMatchObject({
      postal_code: '8002',
    });
  });

  it('an employee who does not manage the company sees no address form', async () => {
    const { fetchMock } = renderApp('/company/acme', {
      user: users.student,
      handlers: {
        'GET /api/companies/by-name/acme': () => ({
          body: { ...acme, manager: false, abilities: { manage: false } },
        }),
      },
    });
    await screen.findByTestId('company-overview', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('company-address')).toBeNull();
    expect(fetchMock.callsTo('GET /api/companies/7/address')).toHaveLength(0);
  });

  it("an admin edits it on the admin's company page (English); blank fields are sent as null", async () => {
    const { fetchMock, user } = renderApp('/en/admin/companies/7', {
      user: users.admin,
      handlers: {
        'GET /api/admin/companies/7': () => ({ body: adminAcme }),
        'GET /api/admin/companies/7/members': () => ({ body: paginatorOf([]) }),
        'GET /api/companies/7/pay-by-invoice': () => ({ body: { id: 7, pay_by_invoice: false } }),
        'GET /api/companies/7/address': () => ({
          body: { ...empty, street: 'Seestrasse', postal_code: '8002', town: 'Zürich', country: 'CH' },
        }),
        'PUT /api/companies/7/address': () => ({ body: empty }),
      },
    });
    const street = (await screen.findByLabelText('Street', {}, { timeout: 10_000 })) as HTMLInputElement;
    expect(street.value).toBe('Seestrasse');
    expect(screen.getByRole('heading', { name: 'Billing address' })).toBeTruthy();
    for (const label of ['Street', 'Postcode', 'Town', 'Country (ISO code)']) {
      await user.clear(screen.getByLabelText(label));
    }
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(fetchMock.callsTo('PUT /api/companies/7/address')).toHaveLength(1));
    expect(fetchMock.callsTo('PUT /api/companies/7/address')[0]!.json()).toEqual({
      street: null,
      building_number: null,
      postal_code: null,
      town: null,
      country: null,
    });
    expect(await screen.findByText('Address saved.')).toBeTruthy();
  });
});
