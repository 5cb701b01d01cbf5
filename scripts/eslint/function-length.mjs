/**
 * ESLint rule `local/function-length`: no function longer than a screen (`max`, 80 by default).
 *
 * A function's length is its lines of code: blank lines, comment-only lines and lines inside JSX
 * (markup reads as a picture, not as steps) are left out, which ESLint's own max-lines-per-function
 * cannot do. Functions nested in it count in full (`nested: 'include'`, the default): a long closure
 * of small helpers is still one long function to read. Each nested function is also measured on its
 * own. Test files use `nested: 'separate'`: a `describe` block is a list of cases, so its `it`
 * callbacks are measured each on their own and not counted in the block (a nested function's first
 * line, where it is passed, stays with the block).
 */
const FUNCTION = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);
const JSX = new Set(['JSXElement', 'JSXFragment']);

/** @type {import('eslint').Rule.RuleModule} */
export const functionLength = {
  meta: {
    type: 'suggestion',
    docs: {description: 'Limit the lines of code of each function, JSX and nested functions left out'},
    schema: [
      {
        type: 'object',
        properties: {max: {type: 'integer', minimum: 1}, nested: {enum: ['include', 'separate']}},
        additionalProperties: false,
      },
    ],
    messages: {
      tooLong:
        '{{name}} has {{count}} lines of code (blank, comment and JSX lines not counted); at most {{max}}. Split it into named steps.',
    },
  },
  create(context) {
    const max = context.options[0]?.max ?? 80;
    const separate = context.options[0]?.nested === 'separate';
    const source = context.sourceCode;
    /** @type {{node: any, inner: [number, number][]}[]} */
    const stack = [];
    /** Lines that hold code: not blank, not only a comment. */
    const codeLines = new Set();
    const enter = (node) => {
      if (stack.length && separate) {
        const {start, end} = node.loc;
        stack.at(-1).inner.push([start.line + 1, end.line]);
      }
      stack.push({node, inner: []});
    };
    const leave = () => {
      const {node, inner} = stack.pop();
      const {start, end} = node.loc;
      let count = 0;
      for (let line = start.line; line <= end.line; line++) {
        if (!codeLines.has(line)) continue;
        if (inner.some(([from, to]) => line >= from && line <= to)) continue;
        count++;
      }
      if (count > max) {
        context.report({
          node,
          loc: start,
          messageId: 'tooLong',
          data: {name: functionName(node), count: String(count), max: String(max)},
        });
      }
    };
    const visitors = {
      Program() {
        // The text with every comment blanked out (newlines kept): a line with nothing left is
        // blank or holds only comments.
        let text = source.text;
        for (const c of source.getAllComments())
          text =
            text.slice(0, c.range[0]) +
            text.slice(c.range[0], c.range[1]).replace(/[^\n]/g, ' ') +
            text.slice(c.range[1]);
        text.split('\n').forEach((line, i) => {
          if (line.trim()) codeLines.add(i + 1);
        });
      },
    };
    for (const type of FUNCTION) {
      visitors[type] = enter;
      visitors[`${type}:exit`] = leave;
    }
    for (const type of JSX) {
      // Outermost JSX only: its lines (after the opening one) count for no function around it.
      visitors[type] = (node) => {
        if (JSX.has(node.parent?.type) || node.parent?.type === 'JSXExpressionContainer') return;
        for (const open of stack) open.inner.push([node.loc.start.line + 1, node.loc.end.line]);
      };
    }
    return visitors;
  },
};

function functionName(node) {
  if (node.id?.name) return `${node.id.name}()`;
  const parent = node.parent;
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return `${parent.id.name}()`;
  if ((parent?.type === 'Property' || parent?.type === 'MethodDefinition') && parent.key?.name)
    return `${parent.key.name}()`;
  return 'This function';
}

export default {rules: {'function-length': functionLength}};
