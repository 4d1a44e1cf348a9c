/** What an engine tells the health report (GET /api/v1/health): its kind, name and readiness. */
export interface EngineReport {
  kind: string;
  name: string;
  ready: boolean;
  detail?: string;
}
