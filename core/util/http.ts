/** Reason phrases for the statuses the contract uses, for headings and badges. */
const REASONS: Readonly<Record<string, string>> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No Content',
  '2XX': 'any success status',
  '400': 'Bad Request',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'Not Found',
  '409': 'Conflict',
  '422': 'Unprocessable Content',
  '429': 'Too Many Requests',
  '500': 'Internal Server Error',
  '502': 'Bad Gateway',
  '503': 'Service Unavailable',
};

export function statusLabel(status: string): string {
  const reason = REASONS[status];
  return reason ? `${status} ${reason}` : status;
}
