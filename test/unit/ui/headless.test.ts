import { describe, expect, it } from 'vitest';
import { createHeadlessAdapter } from '../../../src/ui/headless.js';
import { aiBody, personalizedBody } from '../../fixtures/spec-samples.js';
import { recordingView } from '../../support/views.js';

describe('headless adapter', () => {
  it('records what would be drawn, holds the view on screen, and tells listeners', () => {
    const ui = createHeadlessAdapter();
    const seen: string[] = [];
    const stopPresent = ui.onPresent((v) => seen.push(`present:${v.title}`));
    ui.onClose((v) => seen.push(`close:${v.title}`));
    const a = recordingView(aiBody).view;
    const b = recordingView(personalizedBody).view;

    ui.present(a);
    expect(ui.current).toBe(a);
    ui.present(b); // a new offer replaces the one on screen: that one is closed first
    ui.close();
    ui.close(); // idempotent: nothing on screen
    stopPresent();
    ui.present(a);

    expect(ui.current).toBe(a);
    expect(seen).toEqual(['present:Sale', 'close:Sale', 'present:For you', 'close:For you']);
    expect(ui.drawn.map((d) => (d.op === 'present' ? `present:${d.view.offerId}:${d.view.title}` : `close:${d.offerId}`))).toEqual([
      'present:1001:Sale',
      'close:1001',
      'present:1001:For you',
      'close:1001',
      'present:1001:Sale',
    ]);
  });

  it('lets a game act on the view it was given', () => {
    const ui = createHeadlessAdapter();
    const { view, calls } = recordingView(aiBody);
    ui.present(view);
    ui.current!.setDoNotShowAgain(true);
    ui.current!.interact('golden_sword');
    expect(calls).toEqual(['toggle:true', 'interact:golden_sword']);
  });
});
