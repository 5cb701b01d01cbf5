/**
 * The few MDX syntax-tree shapes our remark plugins build: an import, a JSX element with literal
 * or identifier attributes, and a replacing walk. Typed loosely on purpose (mdast and the MDX
 * extensions are unions too wide to be worth importing for this).
 */

export interface Node {
  type: string;
  name?: string | null;
  attributes?: Attr[];
  children?: Node[];
  value?: string;
  lang?: string | null;
  meta?: string | null;
  data?: unknown;
  position?: {start: {line: number; column: number}};
}

export interface Attr {
  type: string;
  name?: string;
  value?: unknown;
  data?: unknown;
}

function program(body: unknown[]): unknown {
  return {type: 'Program', sourceType: 'module', body};
}

/** `import local from "source";` as an ESM node MDX compiles as is. */
export function importNode(local: string, source: string): Node {
  return {
    type: 'mdxjsEsm',
    value: `import ${local} from ${JSON.stringify(source)};`,
    data: {
      estree: program([
        {
          type: 'ImportDeclaration',
          specifiers: [{type: 'ImportDefaultSpecifier', local: {type: 'Identifier', name: local}}],
          source: {type: 'Literal', value: source, raw: JSON.stringify(source)},
        },
      ]),
    },
  };
}

/** `name={identifier}`. */
export function expressionAttr(name: string, identifier: string): Attr {
  return {
    type: 'mdxJsxAttribute',
    name,
    value: {
      type: 'mdxJsxAttributeValueExpression',
      value: identifier,
      data: {estree: program([{type: 'ExpressionStatement', expression: {type: 'Identifier', name: identifier}}])},
    },
  };
}

/** `name="value"`. */
export function literalAttr(name: string, value: string): Attr {
  return {type: 'mdxJsxAttribute', name, value};
}

export function jsx(name: string, attributes: Attr[], flow: boolean): Node {
  return {type: flow ? 'mdxJsxFlowElement' : 'mdxJsxTextElement', name, attributes, children: []};
}

/** Depth-first; `visit` may return nodes to put in place of the visited one. */
export function walk(node: Node, visit: (n: Node) => Node[] | undefined): void {
  if (!node.children) return;
  const next: Node[] = [];
  for (const child of node.children) {
    const replacement = visit(child);
    if (replacement) next.push(...replacement);
    else {
      walk(child, visit);
      next.push(child);
    }
  }
  node.children = next;
}
