/**
 * Chromium's accessibility tree of the test's own frame, read through CDP: the names a screen
 * reader is given, not the attributes that should produce them.
 */
import { cdp } from 'vitest/browser';

/** The names of the unignored nodes with `role` (`button`, `dialog`, `checkbox`, …) in this test's frame. */
export async function accessibleNames(role: string): Promise<string[]> {
  const s = cdp();
  type Frame = { frame: { id: string; url: string }; childFrames?: Frame[] };
  const { frameTree } = (await s.send('Page.getFrameTree')) as { frameTree: Frame };
  const frames = (f: Frame): Frame[] => [f, ...(f.childFrames ?? []).flatMap(frames)];
  const frameId = frames(frameTree).find((f) => f.frame.url === location.href)!.frame.id;
  const { nodes } = (await s.send('Accessibility.getFullAXTree', { frameId })) as {
    nodes: Array<{ ignored: boolean; role?: { value?: string }; name?: { value?: string } }>;
  };
  return nodes.filter((n) => !n.ignored && n.role?.value === role).map((n) => n.name?.value ?? '');
}
