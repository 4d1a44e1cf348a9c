import { useMutation } from '@tanstack/react-query';
import { campusPassSchema } from '@kouyu/core';
import { api } from '@/lib/api';
import { saveCampusPass } from '../pass-storage';

/** `POST /campus-card/verify`: the password for a signed pass, kept under `campus_card_auth`. */
export function verifyCampusPassword(password: string) {
  return api('/campus-card/verify', {
    method: 'POST',
    body: { password },
    auth: false,
    schema: campusPassSchema,
  });
}

export function useVerifyCampusPassword(onPass: (pass: string) => void) {
  return useMutation({
    mutationFn: verifyCampusPassword,
    onSuccess: (data) => {
      saveCampusPass(data.pass, data.expires_at);
      onPass(data.pass);
    },
  });
}
