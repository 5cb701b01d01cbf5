import {describe, expect, it} from 'vitest';
import {
  evaluateLiteral,
  mdxToMarkdown,
  MdxToMarkdownError,
  type MdxToMarkdownOptions,
} from '../../plugins/llms-txt/lib/mdx';

const options: MdxToMarkdownOptions = {
  title: 'Cash withdrawal',
  description: 'Withdraw cash.',
  file: 'docs/v1/demo.mdx',
  renderers: {
    Endpoint: (props) => `<<endpoint ${String(props.op)}${typeof props.slice === 'string' ? ` ${props.slice}` : ''}>>`,
    FlowDiagram: (props) => `<<flow ${JSON.stringify(props.steps)}>>`,
  },
  resolveLink: (url) => (url.startsWith('./') ? `https://docs.example/${url.slice(2).replace('.mdx', '')}` : url),
};

describe('mdxToMarkdown', () => {
  it('keeps prose as written and replaces only MDX', () => {
    const source = `---
title: Cash withdrawal
description: Withdraw cash.
---

import Tabs from '@theme/Tabs';

Some *prose*   with [a link](./kyc.mdx#x) and [mail](mailto:a@b.example).

{/* a comment */}

<FlowDiagram
  label="Flow"
  steps={[{title: 'One', detail: \`d\`}, {title: 'Two', n: -1}]}
/>

<div className="note">

Inside a **div**.

</div>

<Unknown />

<Tabs>
  <TabItem value="a" label="First">

Tab text.

  </TabItem>
</Tabs>

<Endpoint op="demo-pay" />
`;
    expect(mdxToMarkdown(source, options)).toBe(`# Cash withdrawal

> Withdraw cash.

Some *prose*   with [a link](https://docs.example/kyc#x) and [mail](mailto:a@b.example).

<<endpoint demo-pay lead>>

<<flow [{"title":"One","detail":"d"},{"title":"Two","n":-1}]>>

Inside a **div**.

**First**

Tab text.

<<endpoint demo-pay rest>>
`);
  });

  it('puts the reference after the summary, before the guide prose, as the page does, unless nothing but the summary comes before the <Endpoint>', () => {
    const page = '---\ntitle: X\n---\n\nWhat it is for.\n\n## Pitfalls\n\nMind.\n\n<Endpoint op="demo-pay" />\n';
    expect(mdxToMarkdown(page, options)).toBe(
      '# Cash withdrawal\n\n> Withdraw cash.\n\nWhat it is for.\n\n<<endpoint demo-pay lead>>\n\n## Pitfalls\n\nMind.\n\n<<endpoint demo-pay rest>>\n',
    );
    expect(mdxToMarkdown('<Endpoint op="demo-pay" />\n\nAfter.\n', options)).toBe(
      '# Cash withdrawal\n\n> Withdraw cash.\n\n<<endpoint demo-pay>>\n\nAfter.\n',
    );
  });

  it('does not add a title when the page has its own H1', () => {
    const source = '---\ntitle: X\n---\n\n<div className="container">\n\n# Own title\n\nText.\n\n</div>\n';
    expect(mdxToMarkdown(source, options)).toBe('# Own title\n\nText.\n');
  });

  it('rejects props that are not literals, naming the file and line', () => {
    expect(() => mdxToMarkdown('\n\n<FlowDiagram steps={someVariable} />\n', options)).toThrow(
      'docs/v1/demo.mdx:3 <FlowDiagram> steps: only literal values (strings, numbers, arrays, objects) can be turned into Markdown, not a Identifier.',
    );
    expect(() => evaluateLiteral({type: 'CallExpression'}, 'here')).toThrow(MdxToMarkdownError);
  });
});
