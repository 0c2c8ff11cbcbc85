/** Authorization matrix rows of the notification mails (issue 36 items 6 and 7; see ../matrix-kit.ts). */
import { unsubscribeToken } from '../../modules/notifications/notifications.tokens.ts';
import { all, loggedIn, type Row } from '../matrix-kit.ts';
import { assigned, managers } from './companies.rows.ts';

export const NOTIFICATIONS_ROWS: Row[] = [
  // everyone logged in has their own choice of mails
  { method: 'GET', route: '/api/me/notifications', expect: loggedIn(200) },
  {
    method: 'PUT',
    route: '/api/me/notifications',
    body: { due_reminders: true, manager_digest: false, drip_unlocks: true },
    expect: loggedIn(200),
  },
  // the signed token is the authority (RFC 8058: mail clients post without cookies)
  {
    method: 'GET',
    route: '/api/unsubscribe',
    prepare: async (w) => ({
      url: `/api/unsubscribe?token=${unsubscribeToken(w.t.app.config.sessionSecret, w.ids.student, 'drip_unlocks')}`,
    }),
    expect: all(200),
  },
  {
    method: 'POST',
    route: '/api/unsubscribe',
    prepare: async (w) => ({
      url: `/api/unsubscribe?token=${unsubscribeToken(w.t.app.config.sessionSecret, w.ids.student, 'drip_unlocks')}`,
    }),
    expect: all(200),
  },
  // a fresh assignment per call: the same pair may be reminded once a day
  {
    method: 'POST',
    route: '/api/companies/:id/team/remind',
    prepare: async (w) => {
      const { seminarId } = await assigned(w);
      return {
        url: `/api/companies/${w.company.id}/team/remind`,
        body: { user_id: w.ids.companyUser, seminar_id: seminarId },
      };
    },
    expect: managers(202),
  },
];
