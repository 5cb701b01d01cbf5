import {describe, expect, it} from 'vitest';
import {markdownTwinPath} from '#core/markdown/twin';

describe('markdownTwinPath', () => {
  it('puts the Markdown next to the page', () => {
    expect(markdownTwinPath('/docs/v1/service/aeps/withdrawal')).toBe('/docs/v1/service/aeps/withdrawal.md');
    expect(markdownTwinPath('/HeaderMarkdown')).toBe('/HeaderMarkdown.md');
  });

  it('gives a folder index its own index.md', () => {
    expect(markdownTwinPath('/docs/v1/')).toBe('/docs/v1/index.md');
  });

  it('keeps braces (the file name has them) and drops query and hash', () => {
    expect(markdownTwinPath('/docs/v1/service/aeps/kyc/{kycId}')).toBe('/docs/v1/service/aeps/kyc/{kycId}.md');
    expect(markdownTwinPath('/api?x=1#y')).toBe('/api.md');
  });
});
