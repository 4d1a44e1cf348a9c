/** Query keys of the admin area; everything starts with `admin` so a role change can drop it all. */
export const adminKeys = {
  all: ['admin'] as const,
  contacts: ['admin', 'contacts'] as const,
  contactStats: ['admin', 'contact-stats'] as const,
  users: ['admin', 'users'] as const,
  user: (id: number) => ['admin', 'user', id] as const,
  userResults: (id: number) => ['admin', 'user-results', id] as const,
  outbox: ['admin', 'outbox'] as const,
  analytics: ['admin', 'analytics'] as const,
  campusCard: ['admin', 'campus-card'] as const,
  invitationClusters: ['admin', 'invitation-clusters'] as const,
};
