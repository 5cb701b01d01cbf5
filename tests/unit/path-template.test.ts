import {describe, expect, it} from 'vitest';
import {compilePathTemplate, pathTemplateRegex} from '#core/contract/path-template';

describe('compilePathTemplate', () => {
  it('matches a literal path exactly', () => {
    const t = compilePathTemplate('/service/aeps/withdrawal');
    expect(t.test('/service/aeps/withdrawal')).toBe(true);
    expect(t.test('/service/aeps/withdrawal/')).toBe(false);
    expect(t.test('/service/aeps/withdrawalx')).toBe(false);
    expect(t.test('/api/v1/service/aeps/withdrawal')).toBe(false);
    expect(t.params).toEqual([]);
  });

  it('captures each {param} as one non-empty segment, by name', () => {
    const t = compilePathTemplate('/service/aeps/kyc/{kycId}/step/{step}');
    expect(t.params).toEqual(['kycId', 'step']);
    expect(t.match('/service/aeps/kyc/K%201/step/2')).toEqual({kycId: 'K%201', step: '2'});
    expect(t.match('/service/aeps/kyc//step/2')).toBeUndefined();
    expect(t.match('/service/aeps/kyc/a/b/step/2')).toBeUndefined();
  });

  it('escapes literal characters that mean something in a regular expression', () => {
    const t = compilePathTemplate('/files/report.v1+(x)/{id}');
    expect(t.test('/files/report.v1+(x)/7')).toBe(true);
    expect(t.test('/files/reportXv1+(x)/7')).toBe(false);
    expect(pathTemplateRegex('/a.b').test('/a-b')).toBe(false);
  });

  it('tolerates one trailing slash only when asked', () => {
    expect(compilePathTemplate('/kyc/{id}').test('/kyc/1/')).toBe(false);
    const lenient = compilePathTemplate('/kyc/{id}', {trailingSlash: true});
    expect(lenient.test('/kyc/1/')).toBe(true);
    expect(lenient.test('/kyc/1')).toBe(true);
    expect(lenient.test('/kyc/1//')).toBe(false);
    expect(lenient.match('/kyc/1/')).toEqual({id: '1'});
  });
});
