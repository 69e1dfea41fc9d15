/**
 * What a page keeps, read through CDP in the test's own frame: the event listeners on an object
 * (`DOMDebugger.getEventListeners`), and whether objects the test no longer holds are collected
 * after a full garbage collection (`HeapProfiler.collectGarbage`).
 */
import { cdp } from 'vitest/browser';

type Remote = { result: { objectId?: string } };
const GROUP = 'tp-leaks';

/**
 * This test's document as a CDP remote object of the test's own context: the session is the
 * page's, whose default context is Vitest's orchestrator, and `getEventListeners` lists only the
 * listeners of the context the object was taken in.
 */
async function testDocument(): Promise<string> {
  const s = cdp();
  type Frame = { frame: { id: string; url: string }; childFrames?: Frame[] };
  const { frameTree } = (await s.send('Page.getFrameTree')) as { frameTree: Frame };
  const frames = (f: Frame): Frame[] => [f, ...(f.childFrames ?? []).flatMap(frames)];
  const frameId = frames(frameTree).find((f) => f.frame.url === location.href)!.frame.id;
  const { backendNodeId } = (await s.send('DOM.getFrameOwner', { frameId })) as { backendNodeId: number };
  const { node } = (await s.send('DOM.describeNode', { backendNodeId, depth: 1, pierce: true })) as { node: { contentDocument: { backendNodeId: number } } };
  const { object } = (await s.send('DOM.resolveNode', { backendNodeId: node.contentDocument.backendNodeId, objectGroup: GROUP })) as { object: { objectId: string } };
  return object.objectId;
}

/** The listeners on each of `targets` (`window`, `document`, a canvas, …), by type: `{ keydown: 1, … }`. */
export async function listenerCounts(targets: Record<string, EventTarget>): Promise<Record<string, Record<string, number>>> {
  const s = cdp();
  const counts: Record<string, Record<string, number>> = {};
  const probe = globalThis as unknown as { __tpLeakProbe?: EventTarget };
  try {
    const doc = await testDocument();
    for (const [name, target] of Object.entries(targets)) {
      probe.__tpLeakProbe = target;
      const { result } = (await s.send('Runtime.callFunctionOn', {
        objectId: doc,
        functionDeclaration: 'function () { return this.defaultView.__tpLeakProbe; }',
        objectGroup: GROUP,
      })) as Remote;
      const { listeners } = (await s.send('DOMDebugger.getEventListeners', { objectId: result.objectId! })) as { listeners: Array<{ type: string }> };
      const byType: Record<string, number> = {};
      for (const { type } of listeners) byType[type] = (byType[type] ?? 0) + 1;
      counts[name] = byType;
    }
  } finally {
    delete probe.__tpLeakProbe;
    await s.send('Runtime.releaseObjectGroup', { objectGroup: GROUP });
  }
  return counts;
}

/** A full garbage collection of the page (WeakRefs to what nothing else holds are cleared). */
export async function collectGarbage(): Promise<void> {
  // A node the page just removed can be held by Chromium until its next rendering update (seen
  // after a focus change: collected after two frames, not before); and WeakRefs dereferenced in
  // this task stay alive until it ends. Collect two frames later, from a fresh task.
  for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
  await new Promise((resolve) => setTimeout(resolve, 0));
  await cdp().send('HeapProfiler.collectGarbage');
}

/** How many of `refs` still point at a live object after a full garbage collection. */
export async function survivors(refs: ReadonlyArray<WeakRef<object>>): Promise<number> {
  await collectGarbage();
  return refs.filter((ref) => ref.deref() !== undefined).length;
}

/** How many objects whose prototype is `proto` (of this test's realm: `MediaQueryList.prototype`, …) are alive, after a garbage collection. */
export async function liveInstances(proto: object): Promise<number> {
  const s = cdp();
  const probe = globalThis as unknown as { __tpLeakProbe?: object };
  try {
    await collectGarbage();
    probe.__tpLeakProbe = proto;
    const doc = await testDocument();
    const { result } = (await s.send('Runtime.callFunctionOn', {
      objectId: doc,
      functionDeclaration: 'function () { return this.defaultView.__tpLeakProbe; }',
      objectGroup: GROUP,
    })) as Remote;
    delete probe.__tpLeakProbe;
    const { objects } = (await s.send('Runtime.queryObjects', { prototypeObjectId: result.objectId!, objectGroup: GROUP })) as { objects: { objectId: string } };
    const { result: count } = (await s.send('Runtime.callFunctionOn', {
      objectId: objects.objectId,
      functionDeclaration: 'function () { return this.length; }',
      returnByValue: true,
    })) as { result: { value: number } };
    return count.value;
  } finally {
    delete probe.__tpLeakProbe;
    await s.send('Runtime.releaseObjectGroup', { objectGroup: GROUP });
  }
}
