import { useMutation, useQueryClient } from '@tanstack/react-query';
import { favouriteSchema } from '@kouyu/core';
import { api } from '@/lib/api';

/** `POST /user-idioms` or `DELETE /user-idioms/{idiom_id}`: both are idempotent. */
export function setFavourite({ idiomId, favourite }: { idiomId: number; favourite: boolean }) {
  return favourite
    ? api('/user-idioms', { method: 'POST', body: { idiom_id: idiomId }, schema: favouriteSchema })
    : api(`/user-idioms/${idiomId}`, { method: 'DELETE', schema: favouriteSchema });
}

/** Adds or removes a favourite; the lists showing stars are refreshed. */
export function useSetFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFavourite,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['idioms'] }),
        queryClient.invalidateQueries({ queryKey: ['idiom-favourites'] }),
      ]),
  });
}
