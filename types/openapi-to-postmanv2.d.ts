// The converter ships no type declarations; this is the one call we make.
declare module 'openapi-to-postmanv2' {
  export function convert(
    input: {type: 'json' | 'string' | 'file'; data: unknown},
    options: Record<string, unknown>,
    callback: (
      err: Error | null,
      result: {result: boolean; reason?: string; output?: {type: string; data: unknown}[]},
    ) => void,
  ): void;
}
