/** The reference's labels (core/contract/labels.ts): one locale's words, translations applied by id. */
import {describe, expect, it} from 'vitest';
import {defaultLabels, interpolate, LABEL_MESSAGES, translateLabels} from '#core/contract/labels';

describe('labels', () => {
  it('has a message and a description for translators for every id', () => {
    for (const [id, m] of Object.entries(LABEL_MESSAGES)) {
      expect(id).toMatch(/^api\.[a-z]+\.[a-zA-Z]+$/);
      expect(m.message.trim(), id).not.toBe('');
      expect(m.description.trim(), id).not.toBe('');
    }
    expect(defaultLabels()['api.section.request']).toBe('Request');
  });

  it("applies a locale's translation file by id and keeps English for the ids it lacks", () => {
    const labels = translateLabels({'api.section.request': {message: 'Anfrage'}, 'api.unknown': {message: 'x'}});
    expect(labels['api.section.request']).toBe('Anfrage');
    expect(labels['api.section.samples']).toBe('Code samples');
    expect(Object.keys(labels)).toEqual(Object.keys(LABEL_MESSAGES));
  });

  it('fills placeholders and leaves unknown ones', () => {
    expect(interpolate('Response fields ({count})', {count: 3})).toBe('Response fields (3)');
    expect(interpolate('{a} and {b}', {a: 'x'})).toBe('x and {b}');
  });
});
