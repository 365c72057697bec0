import { describe, expect, it } from 'vitest';
import { applyCaption, CAPTION_LINGER_MS, emptyCaptionView, expireCaptions } from './lines';
import type { LiveCaption } from './protocol';

const caption = (over: Partial<LiveCaption>): LiveCaption => ({ speakerId: 'a', speakerName: 'Ann', utteranceId: 'u1', text: 'hello', final: false, at: 0, ...over });

describe('caption overlay lines', () => {
  it('replaces a partial with the next partial and its final, keeps the last final under the next partial', () => {
    let view = applyCaption(emptyCaptionView, caption({ text: 'hel' }), 0);
    view = applyCaption(view, caption({ text: 'hello there' }), 10);
    expect(view.lines).toEqual([{ utteranceId: 'u1', text: 'hello there', final: false, updatedAt: 10 }]);
    view = applyCaption(view, caption({ text: 'hello there', final: true }), 20);
    view = applyCaption(view, caption({ utteranceId: 'u2', text: 'and' }), 30);
    expect(view.lines.map((l) => [l.text, l.final])).toEqual([
      ['hello there', true],
      ['and', false],
    ]);
  });

  it('ignores a partial that comes after its own final, shows at most two lines, and follows a new speaker', () => {
    let view = applyCaption(emptyCaptionView, caption({ text: 'one', final: true }), 0);
    expect(applyCaption(view, caption({ text: 'on' }), 5)).toBe(view);
    view = applyCaption(view, caption({ utteranceId: 'u2', text: 'two', final: true }), 10);
    view = applyCaption(view, caption({ utteranceId: 'u3', text: 'three', final: true }), 20);
    expect(view.lines.map((l) => l.text)).toEqual(['two', 'three']);
    view = applyCaption(view, caption({ speakerId: 'b', speakerName: 'Bo', utteranceId: 'x', text: 'hi' }), 30);
    expect(view).toMatchObject({ speakerId: 'b', speakerName: 'Bo', lines: [{ text: 'hi' }] });
  });

  it('lets lines go once they have not changed for a while', () => {
    const view = applyCaption(emptyCaptionView, caption({ final: true }), 0);
    expect(expireCaptions(view, CAPTION_LINGER_MS - 1)).toBe(view);
    expect(expireCaptions(view, CAPTION_LINGER_MS)).toEqual(emptyCaptionView);
  });
});
