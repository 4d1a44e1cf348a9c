import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';

/** `GET /user/export`: everything stored about the user, as JSON. */
export function exportData() {
  return api('/user/export', { schema: z.unknown() });
}

function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

/** Downloads the export as `kouyu-data-YYYY-MM-DD.json`. */
export function useExportData() {
  return useMutation({
    mutationFn: exportData,
    onSuccess: (data) =>
      download(JSON.stringify(data, null, 2), `kouyu-data-${new Date().toISOString().slice(0, 10)}.json`),
  });
}
