// newman ships no type declarations; these are the parts scripts/newman-sandbox.ts uses.
declare module 'newman' {
  export interface NewmanRunOptions {
    collection: unknown;
    envVar?: {key: string; value: string}[];
    reporters?: string[];
    reporter?: Record<string, Record<string, unknown>>;
    timeoutRequest?: number;
  }
  export interface NewmanExecution {
    item: {name: string};
    request: {method: string; url: {path?: string[]}};
    /** `headers` is postman-collection's HeaderList; `get` is case-insensitive. */
    response?: {code: number; stream?: Buffer; headers: {get(name: string): string | undefined}};
    requestError?: Error;
    assertions?: {assertion: string; error?: {message: string}}[];
  }
  export interface NewmanRunSummary {
    run: {
      stats: {requests: {total: number; failed: number}; assertions: {total: number; failed: number}};
      failures: unknown[];
      executions: NewmanExecution[];
    };
  }
  export function run(
    options: NewmanRunOptions,
    callback: (err: Error | null, summary: NewmanRunSummary) => void,
  ): void;
  const newman: {run: typeof run};
  export default newman;
}
