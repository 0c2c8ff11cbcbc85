/** The sections of the admin area: its side navigation and the overview's cards. */
export const ADMIN_SECTIONS = [
  { id: 'overview', to: '/admin', label: 'admin.nav.overview', text: '' },
  { id: 'users', to: '/admin/users', label: 'admin.nav.users', text: 'admin.overview.users' },
  { id: 'companies', to: '/admin/companies', label: 'admin.nav.companies', text: 'admin.overview.companies' },
  { id: 'seminars', to: '/admin/seminars', label: 'admin.nav.seminars', text: 'admin.overview.seminars' },
  { id: 'payments', to: '/admin/payments', label: 'admin.nav.payments', text: 'admin.overview.payments' },
  { id: 'invoices', to: '/admin/invoices', label: 'admin.nav.invoices', text: 'admin.overview.invoices' },
  { id: 'revenue', to: '/admin/revenue', label: 'admin.nav.revenue', text: 'admin.overview.revenue' },
  { id: 'seller', to: '/admin/seller', label: 'admin.nav.seller', text: 'admin.overview.seller' },
  { id: 'vouchers', to: '/admin/vouchers', label: 'admin.nav.vouchers', text: 'admin.overview.vouchers' },
  { id: 'audit', to: '/admin/audit', label: 'admin.nav.audit', text: 'admin.overview.audit' },
  { id: 'deletions', to: '/admin/deletions', label: 'admin.nav.deletions', text: 'admin.overview.deletions' },
] as const;

export type AdminSectionId = (typeof ADMIN_SECTIONS)[number]['id'];
