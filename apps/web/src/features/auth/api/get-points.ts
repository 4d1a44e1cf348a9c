import { useMutation } from '@tanstack/react-query';
import { pointsSchema } from '@kouyu/core';
import { api } from '@/lib/api';
import { getSession, saveUser } from '@/lib/session';

/** `GET /user/points`: the current balance. */
export function getPoints() {
  return api('/user/points', { schema: pointsSchema });
}

/** Refreshes the balance and writes it into the stored user. */
export function useRefreshPoints() {
  return useMutation({
    mutationFn: getPoints,
    onSuccess: (data) => {
      const { user } = getSession();
      if (user) saveUser({ ...user, point: data.data.points });
    },
  });
}
