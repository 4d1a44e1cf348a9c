/** API base: `/api/v1` on the site; the native app is built with its own host. A module of its own so
 * code outside the API client (the page font) can name it without loading the client. */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/api/v1';
