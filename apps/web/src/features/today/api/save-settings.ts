import { useMutation, useQueryClient } from '@tanstack/react-query';
import { todaySettingsResponseSchema } from '@kouyu/core';
import type { TodaySettingsBody } from '@kouyu/core';
import { api } from '@/lib/api';
import { rememberSyllabus } from '@/lib/syllabus';

/** `PUT /today/settings`: goal, exam date, time zone, reminder and levels. */
export function saveTodaySettings(body: TodaySettingsBody) {
  return api('/today/settings', { method: 'PUT', body, schema: todaySettingsResponseSchema });
}

export function useSaveTodaySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveTodaySettings,
    // The goal, countdown and tasks all follow the settings.
    onSuccess: (data) => {
      // The account keeps the syllabus: the vocabulary pages follow it at once.
      rememberSyllabus(data.settings.syllabus);
      return client.invalidateQueries({ queryKey: ['today'] });
    },
  });
}
