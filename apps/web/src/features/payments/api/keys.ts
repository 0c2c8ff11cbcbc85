/** Query keys of the payment queries (one root, so a payment change can refresh everything). */
export const paymentKeys = {
  all: ['payments'] as const,
  lists: () => ['payments', 'list'] as const,
  list: (page: number) => ['payments', 'list', page] as const,
  booking: (id: number) => ['payments', 'booking', id] as const,
  /** the redirect page's status sync (asks the provider) */
  sync: (id: number) => ['payments', 'booking', id, 'sync'] as const,
  testCheckout: (paymentId: string) => ['payments', 'test-checkout', paymentId] as const,
};

/**
 * A booking was paid (or a payment settled): everything that shows what the user may play is
 * stale (seminar abilities, booked lists, chapters, to-dos, payments).
 */
export const STALE_AFTER_PAYMENT = [['payments'], ['seminars'], ['chapters'], ['todos']] as const;
