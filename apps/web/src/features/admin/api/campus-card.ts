import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { campusSettingsSchema } from '@kouyu/core';
import type { CampusSettingsInput } from '@kouyu/core';
import { api } from '@/lib/api';
import { adminKeys } from './keys';

/** `GET /admin/campus-card`: the campus code, the card's texts and the sign-ups through the code. */
export function getCampusSettings() {
  return api('/admin/campus-card', { schema: campusSettingsSchema });
}

/** `PUT /admin/campus-card`. */
export function saveCampusSettings(body: CampusSettingsInput) {
  return api('/admin/campus-card', { method: 'PUT', body, schema: campusSettingsSchema });
}

export const campusSettingsQuery = () =>
  queryOptions({ queryKey: adminKeys.campusCard, queryFn: getCampusSettings });

export function useCampusSettings() {
  return useQuery(campusSettingsQuery());
}

export function useSaveCampusSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCampusSettings,
    onSuccess: (data) => client.setQueryData(adminKeys.campusCard, data),
  });
}
