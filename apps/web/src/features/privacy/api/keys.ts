/** Query keys of the privacy feature (issue 19). */
export const privacyKeys = {
  exports: ['privacy', 'exports'] as const,
  deletion: (userId: number) => ['admin', 'privacy', 'deletion', userId] as const,
  pending: (query: object) => ['admin', 'privacy', 'pending', query] as const,
};
