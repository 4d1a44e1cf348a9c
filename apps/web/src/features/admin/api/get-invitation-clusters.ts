import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminInvitationClustersSchema } from '@kouyu/core';
import { api } from '@/lib/api';
import { adminKeys } from './keys';

/** `GET /admin/invitation-clusters`: inviters whose invitees finished from one address, newest first. */
export function getInvitationClusters() {
  return api('/admin/invitation-clusters', { schema: adminInvitationClustersSchema });
}

export const invitationClustersQuery = () =>
  queryOptions({ queryKey: adminKeys.invitationClusters, queryFn: getInvitationClusters });

export function useInvitationClusters() {
  return useQuery(invitationClustersQuery());
}
