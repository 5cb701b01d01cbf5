import fs from 'node:fs';
import {describe, expect, it} from 'vitest';
import {sidebarMethodClass} from '../../plugins/api-contract/lib/sidebar-method';
import {operationMethods} from '#node/contract/load';

const methods = new Map([
  ['demo-create', 'POST'],
  ['demo-list', 'GET'],
]);
const page = (body: string): string => `---\ntitle: Demo\n---\n\nProse about the call.\n\n${body}\n`;

describe('sidebarMethodClass', () => {
  it("marks a page that shows one operation with that operation's method", () => {
    expect(sidebarMethodClass(page('<Endpoint op="demo-list" />'), 'docs/demo.mdx', methods, {})).toBe('op-get');
  });

  it('leaves out overviews (no <Endpoint> or several), a class the page names itself, and <Endpoint> written as code', () => {
    const two = page('<Endpoint op="demo-list" />\n\n<Endpoint op="demo-create" />');
    expect(sidebarMethodClass(page('An overview.'), 'docs/a.mdx', methods, {})).toBeUndefined();
    expect(sidebarMethodClass(two, 'docs/b.mdx', methods, {})).toBeUndefined();
    expect(
      sidebarMethodClass(page('<Endpoint op="demo-list" />'), 'docs/c.mdx', methods, {sidebar_class_name: 'own'}),
    ).toBeUndefined();
    expect(sidebarMethodClass(page('Write `<Endpoint op="demo-list" />`.'), 'docs/d.mdx', methods, {})).toBeUndefined();
  });
});

describe('operationMethods', () => {
  it("reads each operation's method from the contract's family files", () => {
    const all = operationMethods();
    expect(all.get('aeps-cash-withdrawal')).toBe('POST');
    expect(all.get('dmt-transfer-list')).toBe('GET');
  });

  it('has a rule in src/css/custom.css that draws each of its methods', () => {
    const css = fs.readFileSync('src/css/custom.css', 'utf8');
    const missing = [...new Set(operationMethods().values())]
      .map((m) => m.toLowerCase())
      .filter((m) => !css.includes(`.op-${m} > a::after {\n  content: '${m.toUpperCase()}';`));
    expect(missing, 'add `.op-<method> > a::after {content: ...}` to src/css/custom.css').toEqual([]);
  });
});
