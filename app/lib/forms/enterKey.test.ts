import { describe, expect, it } from 'vitest';
import { enterMaySubmit } from './enterKey';

describe('enterMaySubmit', () => {
  it('never lets Enter in a combobox submit, whatever the form', () => {
    expect(enterMaySubmit({ tagName: 'INPUT', type: 'text', hasList: true, formMethod: 'post' })).toBe(false);
    expect(enterMaySubmit({ tagName: 'input', hasList: true, formMethod: 'get' })).toBe(false);
    expect(enterMaySubmit({ tagName: 'INPUT', role: 'combobox', formMethod: 'post' })).toBe(false);
  });

  it('lets Enter in a search field run a search, never save a form', () => {
    expect(enterMaySubmit({ tagName: 'INPUT', type: 'search', formMethod: 'get' })).toBe(true);
    expect(enterMaySubmit({ tagName: 'INPUT', type: 'search', formMethod: null })).toBe(true);
    expect(enterMaySubmit({ tagName: 'INPUT', type: 'search', formMethod: 'POST' })).toBe(false);
  });

  it('keeps Enter in plain fields and on buttons as browsers have it', () => {
    expect(enterMaySubmit({ tagName: 'INPUT', type: 'text', formMethod: 'post' })).toBe(true);
    expect(enterMaySubmit({ tagName: 'INPUT', type: null, formMethod: 'post' })).toBe(true);
    expect(enterMaySubmit({ tagName: 'BUTTON', type: 'submit', formMethod: 'post' })).toBe(true);
  });
});
