/**
 * One reading of an OpenAPI path template (`/service/aeps/kyc/{kycId}`) for everything that matches
 * a request path against the contract: the sandbox engine, the MCP server's get_operation and the
 * newman run's check of each answered request.
 *
 * Literal characters match themselves (a `.` is a dot, not any character); each `{param}` matches
 * one non-empty path segment and is captured under its name.
 */

export interface PathTemplateOptions {
  /** Accept one trailing `/` after the template (a path a person typed or pasted). */
  readonly trailingSlash?: boolean;
}

export interface PathTemplate {
  readonly template: string;
  /** The `{param}` names, in the order they appear. */
  readonly params: readonly string[];
  /** Whether `path` (no query, no base path) is this template. */
  test(path: string): boolean;
  /** The raw (still percent-encoded) segment of each param, or undefined when `path` does not match. */
  match(path: string): Readonly<Record<string, string>> | undefined;
}

const PARAM = /\{([^}]+)\}/g;

const escapeLiteral = (literal: string): string => literal.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The regular expression of a template: literals escaped, one capture group per `{param}`. */
export function pathTemplateRegex(template: string, options: PathTemplateOptions = {}): RegExp {
  let source = '';
  let last = 0;
  for (const m of template.matchAll(PARAM)) {
    source += `${escapeLiteral(template.slice(last, m.index))}([^/]+)`;
    last = m.index + m[0].length;
  }
  source += escapeLiteral(template.slice(last));
  return new RegExp(`^${source}${options.trailingSlash ? '/?' : ''}$`);
}

/** Compiles `template` once into a matcher for request paths. */
export function compilePathTemplate(template: string, options: PathTemplateOptions = {}): PathTemplate {
  const re = pathTemplateRegex(template, options);
  const params = [...template.matchAll(PARAM)].map((m) => m[1] as string);
  return {
    template,
    params,
    test: (path) => re.test(path),
    match(path) {
      const groups = re.exec(path)?.slice(1);
      if (!groups) return undefined;
      return Object.fromEntries(params.map((name, i) => [name, groups[i] ?? '']));
    },
  };
}
